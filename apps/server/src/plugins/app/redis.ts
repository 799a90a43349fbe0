import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { createMemoryAttemptLimiter, type AttemptLimiter } from '../../services/accounts/attempt-limiter.js';
import {
  createFallbackAttemptLimiter,
  createRedisAttemptLimiter,
} from '../../services/limits/redis-attempt-limiter.js';
import { closeRedis, createRedisClient } from '../../services/limits/redis-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis of every instance (REDIS_URL), or null: limits then live in this process. */
    redis: Redis | null;
    /** Failed sign-ins and OTP mail cooldowns: in Redis when configured, else in this process. */
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
    const local = createMemoryAttemptLimiter();
    if (!redisUrl) {
      fastify.decorate('redis', null);
      fastify.decorate('attemptLimiter', local);
      return;
    }
    const client = createRedisClient(redisUrl, {
      warn: (obj, msg) => fastify.log.warn(obj, msg),
      info: (obj, msg) => fastify.log.info(obj, msg),
    });
    fastify.decorate('redis', client);
    fastify.decorate(
      'attemptLimiter',
      createFallbackAttemptLimiter(client, createRedisAttemptLimiter(client, redisKeyPrefix), local),
    );
    fastify.addHook('onClose', async () => closeRedis(client));
  },
  { name: 'redis', dependencies: ['config'] },
);
