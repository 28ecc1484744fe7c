// What other modules may use of the rate-limits module.
export type { RateLimitService } from './service';
