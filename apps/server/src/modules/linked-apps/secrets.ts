import { z } from 'zod';
import type { LinkedApp } from '@portal/contract';
import { openSecret, sealSecret } from '../../lib/secret-box';

/** What a link keeps to act at the app for the user: LD tokens, or the TS session id. */
export type DispatchSecrets = { accessToken: string; refreshToken: string; expiresAt: string | null };
const telemetrySecretsSchema = z.object({ sessionId: z.string() });
export type TelemetrySecrets = z.infer<typeof telemetrySecretsSchema>;

/** Bound to the user and app: a sealed value moved to another row does not open. */
const context = (app: LinkedApp, userId: number) => `linked_accounts:${app}:${userId}`;

export function sealLinkSecrets(
  key: Buffer,
  app: LinkedApp,
  userId: number,
  secrets: DispatchSecrets | TelemetrySecrets,
) {
  return sealSecret(key, context(app, userId), JSON.stringify(secrets));
}

/** The TS session id of a link, or null (none stored, or it cannot be opened with this APP_KEY). */
export function openTelemetrySession(key: Buffer, userId: number, sealed: string | null): string | null {
  if (!sealed) return null;
  const plain = openSecret(key, context('ts', userId), sealed);
  if (plain === null) return null;
  try {
    const parsed = telemetrySecretsSchema.safeParse(JSON.parse(plain));
    return parsed.success ? parsed.data.sessionId : null;
  } catch {
    return null;
  }
}
