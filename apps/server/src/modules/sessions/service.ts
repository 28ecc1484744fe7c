import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import { revokeUserSessions } from '../auth/queries';
import type { SessionCache } from '../auth/session-cache';
import { listLiveSessions } from './queries';

export function createSessionsService(deps: { db: Db; sessionCache: SessionCache; now: () => Date }) {
  return {
    list: (userId: number) => listLiveSessions(deps.db, userId, deps.now()),

    /** 'Sign out other sessions': every session of the user but this one ends, on every instance. */
    async revokeOthers(userId: number, currentSessionId: string, client: ClientInfo) {
      await revokeUserSessions(deps.db, userId, 'signed_out_elsewhere', deps.now(), currentSessionId);
      await deps.sessionCache.forgetEverywhere({ userId });
      await recordAudit(deps.db, {
        actorId: userId,
        action: 'auth.sessions.revoked_others',
        targetType: 'user',
        targetId: userId,
        ip: client.ip,
      });
    },
  };
}
