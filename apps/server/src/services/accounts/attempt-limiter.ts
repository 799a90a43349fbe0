import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { secondsOf, type MakeCounter } from '../limits/limiters.js';

/** How many attempts a key may make within a fixed window; `name` keeps each rule's counters apart. */
export interface LimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts attempts per key: failed sign-ins per account and per address, code mails and code tries per
 * account. Every answer is in whole seconds to wait (0: go ahead), ready for Retry-After.
 */
export interface AttemptLimiter {
  /** Seconds until `key` may act again under `rule`; 0 when it may act now. Records nothing. */
  retryAfter(key: string, rule: LimitRule): Promise<number>;
  /** Records one attempt. */
  hit(key: string, rule: LimitRule): Promise<void>;
  /** Atomically: when allowed, records the attempt and answers 0; otherwise the seconds to wait. */
  take(key: string, rule: LimitRule): Promise<number>;
  /** Gives one recorded attempt back (an attempt that turned out not to count, e.g. a mail that failed). */
  refund(key: string, rule: LimitRule): Promise<void>;
  /** Forgets every attempt of `key` under `rule`. */
  reset(key: string, rule: LimitRule): Promise<void>;
}

/** The AttemptLimiter on rate-limiter-flexible counters (Redis insured by memory, or memory alone). */
export function createAttemptLimiter(makeCounter: MakeCounter): AttemptLimiter {
  const counter = (rule: LimitRule): RateLimiterAbstract =>
    makeCounter({ name: `attempts:${rule.name}`, points: rule.limit, durationSeconds: rule.windowSeconds });
  return {
    async retryAfter(key, rule) {
      const state = await counter(rule).get(key);
      // A window past its end may linger in memory until its timer fires: it no longer counts.
      return state && state.consumedPoints >= rule.limit && state.msBeforeNext > 0
        ? secondsOf(state.msBeforeNext)
        : 0;
    },
    async hit(key, rule) {
      await counter(rule).penalty(key, 1);
    },
    async take(key, rule) {
      try {
        await counter(rule).consume(key, 1);
        return 0;
      } catch (refused) {
        if (refused instanceof RateLimiterRes) return secondsOf(refused.msBeforeNext);
        throw refused;
      }
    },
    async refund(key, rule) {
      await counter(rule).reward(key, 1);
    },
    async reset(key, rule) {
      const limiter = counter(rule) as RateLimiterAbstract & { insuranceLimiter?: RateLimiterAbstract };
      await limiter.delete(key);
      // A count kept in memory during a Redis outage must not outlive a successful sign-in either.
      await limiter.insuranceLimiter?.delete(key);
    },
  };
}
