// What other modules may use of the throttle module.
export type { ThrottleService } from './service';
