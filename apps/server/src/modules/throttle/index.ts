// What other modules may use of the throttle module.
export type { Lock, ThrottleService } from './service';
