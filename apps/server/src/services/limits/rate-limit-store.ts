import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { MakeCounter } from './limiters.js';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/**
 * The `store` option of @fastify/rate-limit on rate-limiter-flexible counters: one fixed window per
 * route and client key, in Redis insured by this instance's memory (a request never fails, nor goes
 * unlimited, because Redis is away). `penalty` only counts; the plugin compares with `max` itself.
 */
export function flexibleRateLimitStore(makeCounter: MakeCounter): FastifyRateLimitStoreCtor {
  class FlexibleStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly route = 'global',
    ) {}

    private counter(timeWindow: number, max: number) {
      return makeCounter({
        name: `rate:${this.route}:${timeWindow}`,
        points: max,
        durationSeconds: Math.max(1, Math.ceil(timeWindow / 1000)),
      });
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.counter(timeWindow, max)
        .penalty(key, 1)
        .then(
          (res) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }),
          (error: Error) => callback(error),
        );
    }

    child(options: { routeInfo?: { method?: string | string[]; url?: string } }): FlexibleStore {
      const { method = '', url = '' } = options.routeInfo ?? {};
      return new FlexibleStore({}, `${String(method)}${url}`);
    }
  }
  return FlexibleStore as unknown as FastifyRateLimitStoreCtor;
}
