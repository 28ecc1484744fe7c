// What other modules may use of the passkeys module.
export type { PasskeyService, RelyingParty } from './service';
