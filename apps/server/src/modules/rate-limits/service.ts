import type { RateLimitRule } from '@portal/contract';
import { AppError } from '../../lib/errors';
import type { RateLimitRepository } from './repository';

/**
 * Request rate limits in fixed windows, counted in PostgreSQL (rate_limits) so they hold across
 * instances (decision 0024). Every request counts, refused ones too: a client that keeps knocking
 * still gets in again when its window ends, never later.
 */
export function createRateLimitService(deps: { rateLimits: RateLimitRepository; now: () => Date }) {
  const { rateLimits, now } = deps;
  return {
    /**
     * Counts one request of `subject` (`user:42`, `ip:203.0.113.7`, `email:…`) under `rule`; past
     * the rule's limit, 429 with Retry-After (the seconds left in the window) and the rule's message.
     */
    async take(rule: RateLimitRule, subject: string): Promise<void> {
      const at = now();
      const { hits, windowEndsAt } = await rateLimits.hit(`${rule.name}:${subject}`, rule.windowMs, at);
      if (hits <= rule.limit) return;
      const seconds = Math.ceil((windowEndsAt.getTime() - at.getTime()) / 1000);
      throw AppError.tooManyRequests(Math.max(1, seconds), rule.message);
    },
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
