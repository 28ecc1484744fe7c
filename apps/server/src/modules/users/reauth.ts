import { VALIDATION } from '@portal/contract';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { ThrottleService } from '../throttle';
import type { Actor, UserRecord, UserRepository } from '../directory';

/**
 * The actor's password was checked once already in this operation: a bulk run checks it when it
 * starts and hands this on to each user's action (the users service's step-up then asks nothing).
 * Only code can pass it; a request carries text.
 */
export const PASSWORD_CONFIRMED = Symbol('password confirmed');
export type GivenPassword = string | undefined | typeof PASSWORD_CONFIRMED;

/**
 * Re-authentication for changes that would hand an account over: the acting user's current
 * password in the same request. Own email, own password and turning one's own two-factor off need
 * it; so do an admin's changes to another administrator, making someone an administrator, and bulk
 * block/restore/delete (policy needsStepUp, docs/decisions/0038-step-up-and-bulk-jobs.md). A stolen
 * access token alone is then not enough. Wrong answers count against the sign-in throttle of the
 * account (same key as sign-in, so guessing here and at the sign-in form adds up), checked before
 * Argon2. `message` is the answer's sentence when the password is missing or wrong.
 */
export function createReauth(deps: {
  users: Pick<UserRepository, 'passwordHashOf'>;
  throttle: Pick<ThrottleService, 'admitSignIn' | 'signInSucceeded' | 'signInFailed' | 'signInAbandoned'>;
  now: () => Date;
}) {
  return async function confirmCurrentPassword(
    user: UserRecord,
    given: string | undefined,
    actor: Actor,
    message?: string,
  ) {
    if (!given)
      throw AppError.validation({ current_password: [VALIDATION.currentPasswordRequired] }, message);
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
      throw AppError.validation({ current_password: [VALIDATION.currentPasswordWrong] }, message);
    }
    await deps.throttle.signInSucceeded(ticket, deps.now());
  };
}

export type ConfirmCurrentPassword = ReturnType<typeof createReauth>;
