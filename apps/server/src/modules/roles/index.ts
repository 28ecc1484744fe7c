// What other modules may use of the roles module.
export { presentRole } from './presenter';
export type { RoleRow } from './repository';
