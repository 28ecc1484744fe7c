import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import type { TokenService } from '../tokens';

/** The Profile 'Sessions' card: the user's signed-in devices (one per sign-in), and signing the others out. */
export function createActiveSessionsService(deps: { db: Db; tokens: TokenService }) {
  const { db, tokens } = deps;
  return {
    list: (userId: number) => tokens.listLive(userId),

    /** 'Sign out other sessions': every session of the user but this one ends, on every instance. */
    async revokeOthers(userId: number, currentSessionId: string, client: ClientInfo) {
      await tokens.revokeAllOf(userId, 'signed_out_elsewhere', { except: currentSessionId });
      await tokens.forgetEverywhere({ userId });
      await recordAudit(db, {
        actorId: userId,
        action: 'auth.sessions.revoked_others',
        targetType: 'user',
        targetId: userId,
        ip: client.ip,
      });
    },
  };
}

export type ActiveSessionsService = ReturnType<typeof createActiveSessionsService>;
