import { PASSWORD_MESSAGES, ROLE_IDS, type SignUpRequest } from '@portal/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { AuthService, SignedIn } from '../auth';
import type { UserRepository } from '../directory';

/**
 * POST auth/signup (outside production): a customer account and its first session. A taken email
 * and a blocked one (its row stays, docs/api.md DELETE users block=1) get the same 422.
 */
export function createSignupService(deps: {
  db: Db;
  users: UserRepository;
  auth: Pick<AuthService, 'openSession'>;
}) {
  const { db, users } = deps;
  const emailTaken = () => AppError.validation({ email: [PASSWORD_MESSAGES.emailTaken] });
  return {
    async signUp(body: SignUpRequest, client: ClientInfo): Promise<SignedIn> {
      if (await users.isEmailTaken(body.email)) throw emailTaken();
      const passwordHash = await hashPassword(body.password);
      let userId: number;
      try {
        userId = await db.transaction(async (tx) => {
          const id = await users.in(tx).insert({
            name: body.name,
            email: body.email,
            passwordHash,
            roleIds: [ROLE_IDS.customer],
          });
          await recordAudit(tx, {
            actorId: id,
            action: 'auth.signup',
            targetType: 'user',
            targetId: id,
            ip: client.ip,
          });
          return id;
        });
      } catch (err) {
        // Someone took the email between the check and the insert.
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
      return deps.auth.openSession(userId, client, { signup: true });
    },
  };
}
export type SignupService = ReturnType<typeof createSignupService>;
