// The user directory: who the users are (the user aggregate's records and repository) and who is
// calling (the Actor and the role checks). The foundation every module builds on; it imports no
// module and has no plugin (docs/decisions/0034-user-directory.md). The users module is the admin
// feature on top of it.
export { canEditUser, hasAnyRole, isAdmin, type Actor } from './policy';
export {
  createUserRepository,
  linkJson,
  userRecordColumns,
  type LinkRef,
  type MetaRow,
  type SignInCandidate,
  type UserRecord,
  type UserRepository,
} from './repository';
