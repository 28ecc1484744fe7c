// What other modules may use of the sso module.
export type { SsoService } from './service';
