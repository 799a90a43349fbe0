import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { createAttemptLimiter, type AttemptLimiter } from '../../services/accounts/attempt-limiter.js';
import { counterFactory, type MakeCounter } from '../../services/limits/limiters.js';
import { closeRedis, createRedisClient } from '../../services/limits/redis-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis of every instance (REDIS_URL), or null: limits then live in this process. */
    redis: Redis | null;
    /** rate-limiter-flexible counters: in Redis insured by memory when configured, else in memory. */
    makeCounter: MakeCounter;
    /** Failed sign-ins, code mails and code tries: in Redis when configured, else in this process. */
    attemptLimiter: AttemptLimiter;
  }
}

/**
 * REDIS_URL set → one ioredis client for the rate limits and the attempt limiter, shared by every
 * instance; the start never waits for Redis and an outage falls back to per-instance memory. Closed
 * after the routes (onClose), so requests in flight finish with it.
 */
export default fp(
  async (fastify) => {
    const { redisUrl, redisKeyPrefix } = fastify.config;
    const client = redisUrl
      ? createRedisClient(redisUrl, {
          warn: (obj, msg) => fastify.log.warn(obj, msg),
          info: (obj, msg) => fastify.log.info(obj, msg),
        })
      : null;
    const makeCounter = counterFactory(client, redisKeyPrefix);
    fastify.decorate('redis', client);
    fastify.decorate('makeCounter', makeCounter);
    fastify.decorate('attemptLimiter', createAttemptLimiter(makeCounter));
    if (client) fastify.addHook('onClose', async () => closeRedis(client));
  },
  { name: 'redis', dependencies: ['config'] },
);
