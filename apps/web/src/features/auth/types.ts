/**
 * What one submit of the sign-in form yields. The same form signs in to the portal (Session) and,
 * in a later issue, links an LD/TS account (User); both may first ask for a security code (202).
 */
export type SignInOutcome<T> =
  { kind: 'done'; value: T } | { kind: 'code-required'; message: string; secret: string };
