// What other modules may use of the linked-apps module.
export type { LinkProfile } from './repository';
export type { ExternalSignInOutcome, LinkedAppsService } from './service';
