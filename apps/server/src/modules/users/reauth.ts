import { VALIDATION } from '@portal/contract';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { ThrottleService } from '../throttle';
import type { Actor, UserRecord, UserRepository } from '../directory';

/**
 * Re-authentication for changes that would hand the account over (own email, own password,
 * turning two-factor off): the current password in the same request. A stolen access token alone
 * is then not enough. Wrong answers count against the sign-in throttle of the account (same key
 * as sign-in, so guessing here and at the sign-in form adds up), checked before Argon2.
 */
export function createReauth(deps: {
  users: Pick<UserRepository, 'passwordHashOf'>;
  throttle: Pick<ThrottleService, 'admitSignIn' | 'signInSucceeded' | 'signInFailed' | 'signInAbandoned'>;
  now: () => Date;
}) {
  return async function confirmCurrentPassword(user: UserRecord, given: string | undefined, actor: Actor) {
    if (!given) throw AppError.validation({ current_password: [VALIDATION.currentPasswordRequired] });
    const { lock, ticket } = await deps.throttle.admitSignIn(
      { login: user.email, userId: user.id, ip: actor.ip },
      deps.now,
    );
    if (lock) throw AppError.tooManyRequests(lock.retryAfterSeconds);
    let right: boolean;
    try {
      right = await verifyPassword(await deps.users.passwordHashOf(user.id), given);
    } catch (error) {
      await deps.throttle.signInAbandoned(ticket, deps.now());
      throw error;
    }
    if (!right) {
      await deps.throttle.signInFailed(ticket, deps.now());
      throw AppError.validation({ current_password: [VALIDATION.currentPasswordWrong] });
    }
    await deps.throttle.signInSucceeded(ticket, deps.now());
  };
}

export type ConfirmCurrentPassword = ReturnType<typeof createReauth>;
