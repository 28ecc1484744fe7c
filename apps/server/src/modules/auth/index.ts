// What other modules may use of the auth module.
export { presentSession } from './presenter';
export type { AuthService, SignedIn } from './service';
