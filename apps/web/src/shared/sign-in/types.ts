import * as z from 'zod/mini';
import { dataOf, twoFactorChallengeSchema } from '@portal/contract';

/**
 * A code the sign-in form must ask for (202). `secret`: the portal mailed the code (finish with
 * two-fa/verify); none: a linked app (LD) asked for its own one-time code (resubmit with authKey).
 */
export type CodeChallenge = { message: string; secret?: string };

/**
 * What one submit of the sign-in form yields. The same form signs in to the portal (Session) and
 * links an LD/TS account (User); both may first ask for a security code (202).
 */
export type SignInOutcome<T> = { kind: 'done'; value: T } | ({ kind: 'code-required' } & CodeChallenge);

/**
 * The answer of a call that may ask for a code first: 200/201 `{data: T}`, or 202 `{data: challenge}`.
 * The two are told apart by shape (a challenge has a `message`, a Session or User has none), so the
 * caller gets a SignInOutcome straight from the parse.
 */
export const signInOutcomeOf = <T extends z.ZodMiniType>(done: T) =>
  z.union([
    z.pipe(
      dataOf(twoFactorChallengeSchema),
      z.transform(({ data }) => ({ kind: 'code-required' as const, ...data })),
    ),
    z.pipe(
      dataOf(done),
      // `dataOf` of a generic schema is opaque to TypeScript: its output is `{data: output<T>}`.
      z.transform((answer) => ({ kind: 'done' as const, value: (answer as { data: z.output<T> }).data })),
    ),
  ]) as z.ZodMiniType<SignInOutcome<z.output<T>>>;
