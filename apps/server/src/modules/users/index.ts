// What other modules may use of the users module (the admin feature over the user directory):
// the User object's presenter, for the answers that carry the caller's own user (auth, linked apps).
// Users, their repository, the Actor and the role checks are modules/directory's.
export type { BiAccounts } from './bi-accounts';
export { ensureFirstAdmin } from './first-admin';
export { presentUser } from './presenter';
export { createReauth, type ConfirmCurrentPassword } from './reauth';
