import type { ActiveSession } from '@portal/contract';
import type { LiveSessionRow } from '../tokens';
import { describeUserAgent } from './user-agent';

/** A session as the Profile 'Sessions' card shows it: never a token or hash. */
export const presentActiveSession = (row: LiveSessionRow, currentSessionId: string): ActiveSession => ({
  id: row.id,
  ...describeUserAgent(row.userAgent),
  ip: row.ip,
  signedInAt: new Date(row.signedInAt).toISOString(),
  lastActiveAt: row.lastUsedAt.toISOString(),
  current: row.id === currentSessionId,
});
