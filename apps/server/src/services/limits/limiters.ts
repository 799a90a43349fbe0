import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** A fixed-window counter: `points` per `durationSeconds` and key. */
export interface CounterRule {
  /** Names the counter (its key prefix); two rules never share a name. */
  name: string;
  points: number;
  durationSeconds: number;
}

export type MakeCounter = (rule: CounterRule) => RateLimiterAbstract;

/**
 * rate-limiter-flexible counters: in this process without Redis; with Redis, in Redis (one atomic
 * script per call, shared by every instance) insured by an in-memory limiter of this process, which
 * answers whenever Redis does not (docs/decisions/0004). `rejectIfRedisNotReady` sends a call to the
 * insurance at once while the client reconnects instead of waiting for a timeout.
 */
export function counterFactory(redis: Redis | null, keyPrefix: string): MakeCounter {
  const made = new Map<string, RateLimiterAbstract>();
  return (rule) => {
    const known = made.get(rule.name);
    if (known) return known;
    const options = { keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds };
    const memory = new RateLimiterMemory(options);
    const counter = redis
      ? new RateLimiterRedis({
          ...options,
          keyPrefix: `${keyPrefix}${rule.name}`,
          storeClient: redis,
          insuranceLimiter: memory,
          rejectIfRedisNotReady: true,
        })
      : memory;
    made.set(rule.name, counter);
    return counter;
  };
}

/** Whole seconds (at least 1) a client waits for `msBeforeNext`. */
export const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
