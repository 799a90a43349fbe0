import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { redisReady } from './redis-client.js';

/*
 * @fastify/rate-limit's fixed window (INCR, PEXPIRE on the first hit) in Redis, with this instance's
 * memory as the fallback while Redis is unreachable: per-route limits are shared by every instance
 * when Redis answers and per instance when it does not; a request never fails because of Redis.
 */
const INCR = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;
const READ = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}
`;

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result: Result) => void;
type ScriptClient = Redis & {
  aiTutorRateIncr: (key: string, windowMs: number) => Promise<[number, number]>;
  aiTutorRateRead: (key: string) => Promise<[number, number]>;
};

/** Fixed windows in a Map, the same as the plugin's LocalStore (expired keys swept as it grows). */
function memoryWindows() {
  const windows = new Map<string, { current: number; start: number }>();
  const fresh = (key: string, windowMs: number, at: number) => {
    const entry = windows.get(key);
    return entry && entry.start + windowMs > at ? entry : undefined;
  };
  return {
    incr(key: string, windowMs: number): Result {
      const at = Date.now();
      if (windows.size > 10_000) {
        for (const [k, v] of windows) if (v.start + windowMs <= at) windows.delete(k);
      }
      const entry = fresh(key, windowMs, at) ?? { current: 0, start: at };
      entry.current += 1;
      windows.set(key, entry);
      return { current: entry.current, ttl: entry.start + windowMs - at };
    },
    read(key: string, windowMs: number): Result {
      const at = Date.now();
      const entry = fresh(key, windowMs, at);
      return entry ? { current: entry.current, ttl: entry.start + windowMs - at } : { current: 0, ttl: 0 };
    },
  };
}

/** The `store` option of @fastify/rate-limit: Redis under `prefix`, memory while Redis is away. */
export function sharedRateLimitStore(client: Redis, prefix: string): FastifyRateLimitStoreCtor {
  const scripted = client as ScriptClient;
  if (typeof scripted.aiTutorRateIncr !== 'function') {
    client.defineCommand('aiTutorRateIncr', { numberOfKeys: 1, lua: INCR });
    client.defineCommand('aiTutorRateRead', { numberOfKeys: 1, lua: READ });
  }

  class SharedStore {
    private readonly local = memoryWindows();
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly namespace = `${prefix}rate:`,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const local = () => callback(null, this.local.incr(key, timeWindow));
      if (!redisReady(client)) return local();
      scripted
        .aiTutorRateIncr(this.namespace + key, timeWindow)
        .then(([current, ttl]) => callback(null, { current, ttl }), local);
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      const local = () => callback(null, this.local.read(key, timeWindow));
      if (!redisReady(client)) return local();
      scripted
        .aiTutorRateRead(this.namespace + key)
        .then(([current, ttl]) => callback(null, { current, ttl }), local);
    }

    child(
      routeOptions: FastifyRateLimitOptions & { routeInfo: { method: string; url: string } },
    ): SharedStore {
      return new SharedStore(
        routeOptions,
        `${prefix}rate:${routeOptions.routeInfo.method}${routeOptions.routeInfo.url}:`,
      );
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
