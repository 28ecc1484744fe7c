// What other modules may use of the throttle module.
export type { SignInTicket, ThrottleService } from './service';
