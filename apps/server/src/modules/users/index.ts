// What other modules may use of the users module. The user aggregate's repository is here on
// purpose: every module reads users, and several write them in their own transactions
// (docs/decisions/0015-module-recipe.md).
export type { BiAccounts } from './bi-accounts';
export { ensureFirstAdmin } from './first-admin';
export { canEditUser, hasAnyRole, isAdmin, type Actor } from './policy';
export { pageQuery, presentPage, presentUser } from './presenter';
export {
  createUserRepository,
  userRecordColumns,
  type MetaRow,
  type SignInCandidate,
  type UserRecord,
  type UserRepository,
} from './repository';
export { escapeLike, likePattern } from './list/sql';
