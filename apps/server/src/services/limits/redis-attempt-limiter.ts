import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AttemptLimiter, LimitRule } from '../accounts/attempt-limiter.js';
import { redisReady } from './redis-client.js';

/*
 * A sliding-window log per key in a sorted set (score = time in ms, member unique), read and written by
 * one Lua script, so two instances can never both take the last free attempt. The time is Redis's own
 * (TIME), so clock skew between instances does not move windows. Only the newest `limit` entries are
 * kept, and the key expires with its window.
 *
 * ARGV: mode ('retry' | 'hit' | 'take'), limit, window in ms, a unique member suffix.
 * Returns the milliseconds to wait (0 when allowed; for 'hit', always 0).
 */
const SCRIPT = `
local key = KEYS[1]
local mode = ARGV[1]
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if mode ~= 'hit' and count >= limit then
  local oldest = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
  local wait = tonumber(oldest[2]) + window - now
  if wait < 1 then wait = 1 end
  return wait
end
if mode == 'retry' then return 0 end
redis.call('ZADD', key, now, now .. ':' .. ARGV[4])
redis.call('ZREMRANGEBYRANK', key, 0, -(limit + 1))
redis.call('PEXPIRE', key, window)
return 0
`;

type Mode = 'retry' | 'hit' | 'take';
type ScriptClient = Redis & {
  aiTutorAttempt: (
    key: string,
    mode: Mode,
    limit: number,
    windowMs: number,
    member: string,
  ) => Promise<number>;
};

/** The AttemptLimiter of several instances: every counter lives in Redis under `prefix`. */
export function createRedisAttemptLimiter(client: Redis, prefix: string): AttemptLimiter {
  const scripted = client as ScriptClient;
  if (typeof scripted.aiTutorAttempt !== 'function') {
    client.defineCommand('aiTutorAttempt', { numberOfKeys: 1, lua: SCRIPT });
  }
  const keyOf = (key: string) => `${prefix}attempts:${key}`;
  const run = async (mode: Mode, key: string, rule: LimitRule): Promise<number> => {
    const waitMs = await scripted.aiTutorAttempt(
      keyOf(key),
      mode,
      rule.limit,
      rule.windowSeconds * 1000,
      randomBytes(6).toString('hex'),
    );
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
  };
  return {
    retryAfter: (key, rule) => run('retry', key, rule),
    hit: async (key, rule) => {
      await run('hit', key, rule);
    },
    take: (key, rule) => run('take', key, rule),
    reset: async (key) => {
      await client.del(keyOf(key));
    },
  };
}

/**
 * Redis while it answers, the in-memory limiter of this instance while it does not: a Redis outage
 * loosens limits to per instance, it never fails a sign-in or an OTP request.
 */
export function createFallbackAttemptLimiter(
  client: Redis,
  shared: AttemptLimiter,
  local: AttemptLimiter,
): AttemptLimiter {
  const use = async <T>(work: (limiter: AttemptLimiter) => Promise<T>): Promise<T> => {
    if (!redisReady(client)) return work(local);
    try {
      return await work(shared);
    } catch {
      // The client logs the outage once; this instance counts on its own until Redis returns.
      return work(local);
    }
  };
  return {
    retryAfter: (key, rule) => use((l) => l.retryAfter(key, rule)),
    hit: (key, rule) => use((l) => l.hit(key, rule)),
    take: (key, rule) => use((l) => l.take(key, rule)),
    reset: async (key) => {
      // Forget it in both: a local count from an outage must not outlive a successful sign-in.
      await local.reset(key);
      await use((l) => (l === local ? Promise.resolve() : l.reset(key)));
    },
  };
}
