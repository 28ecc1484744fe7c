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
