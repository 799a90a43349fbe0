import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createAttemptLimiter } from '../src/services/accounts/attempt-limiter.js';
import { counterFactory } from '../src/services/limits/limiters.js';
import { flexibleRateLimitStore } from '../src/services/limits/rate-limit-store.js';
import { closeRedis, createRedisClient, type RedisLog } from '../src/services/limits/redis-client.js';
import { buildTestApp } from '../test/helpers/app.js';

/**
 * The shared limits against this machine's Redis (TEST_REDIS_URL, default 127.0.0.1:6379; it must be
 * reachable — never skipped). Every key is under a prefix of this run, deleted at the end.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-${randomBytes(5).toString('hex')}:`;
const silent: RedisLog = { warn: () => undefined, info: () => undefined };
const rule = { name: 'three', limit: 3, windowSeconds: 60 };
const limiterOn = (client: Redis) => createAttemptLimiter(counterFactory(client, prefix));

const clients: Redis[] = [];
const connect = async (url = redisUrl, log = silent) => {
  const client = createRedisClient(url, log);
  clients.push(client);
  if (url === redisUrl) await new Promise((resolve) => client.once('ready', resolve));
  return client;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const probe = new Redis(port, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  for (let i = 0; i < 50; i++) {
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('redis-server did not start');
}

afterAll(async () => {
  const admin = new Redis(redisUrl);
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length) await admin.del(...keys);
  admin.disconnect();
  await Promise.all(clients.map((c) => closeRedis(c)));
});

describe('Redis attempt limiter', () => {
  it('is one counter for every instance', async () => {
    const a = limiterOn(await connect());
    const b = limiterOn(await connect());
    expect(await a.take('login:x', rule)).toBe(0);
    expect(await b.take('login:x', rule)).toBe(0);
    expect(await a.retryAfter('login:x', rule)).toBe(0);
    expect(await b.take('login:x', rule)).toBe(0);
    const wait = await a.take('login:x', rule);
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await b.retryAfter('login:x', rule)).toBe(wait);
    await b.reset('login:x', rule);
    expect(await a.retryAfter('login:x', rule)).toBe(0);
  });

  it('never lets concurrent takes past the limit', async () => {
    const limiters = [limiterOn(await connect()), limiterOn(await connect())];
    const ten = { name: 'ten', limit: 10, windowSeconds: 60 };
    const waits = await Promise.all(Array.from({ length: 40 }, (_, i) => limiters[i % 2]!.take('race', ten)));
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
  });

  it('hit records without asking, refund gives one back, and the window ends', async () => {
    const limiter = limiterOn(await connect());
    const short = { name: 'short', limit: 1, windowSeconds: 1 };
    await limiter.hit('otp:y', short);
    expect(await limiter.take('otp:y', short)).toBe(1);
    await limiter.refund('otp:y', short);
    await limiter.refund('otp:y', short);
    expect(await limiter.take('otp:y', short)).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await limiter.take('otp:y', short)).toBe(0);
    const ttl = await clients[0]!.pttl(`${prefix}attempts:short:otp:y`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1000);
  });
});

describe('Redis outage', () => {
  it('falls back to this instance with one warning, and shares again once Redis returns', async () => {
    const port = await freePort();
    const warnings: string[] = [];
    const infos: string[] = [];
    const client = await connect(`redis://127.0.0.1:${port}`, {
      warn: (_o, msg) => warnings.push(msg),
      info: (_o, msg) => infos.push(msg),
    });
    const limiter = limiterOn(client);

    // Redis down from the start: counted in memory, no request fails.
    for (let i = 0; i < 3; i++) expect(await limiter.take('k', rule)).toBe(0);
    expect(await limiter.take('k', rule)).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(warnings).toHaveLength(1);

    const server = await startRedis(port);
    try {
      await new Promise((resolve) =>
        client.status === 'ready' ? resolve(null) : client.once('ready', resolve),
      );
      expect(infos).toHaveLength(1);
      await limiter.reset('k', rule);
      expect(await limiter.take('k', rule)).toBe(0);
      expect(await client.get(`${prefix}attempts:three:k`)).toBe('1');
    } finally {
      server.kill('SIGKILL');
    }
    await new Promise((r) => setTimeout(r, 300));
    // Gone again mid-run: the next call still answers, from memory.
    expect(await limiter.take('k2', rule)).toBe(0);
    expect(warnings).toHaveLength(2);
  });

  it('the rate-limit store counts across instances and per instance while Redis is away', async () => {
    const make = async (client: Redis) => {
      const app = Fastify();
      await app.register(rateLimit, {
        global: false,
        store: flexibleRateLimitStore(counterFactory(client, prefix)),
        skipOnError: true,
      });
      app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => 'ok');
      await app.ready();
      return app;
    };
    const a = await make(await connect());
    const b = await make(await connect());
    const statuses = [];
    for (const app of [a, b, a, b]) statuses.push((await app.inject('/limited')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const down = await make(await connect(`redis://127.0.0.1:${await freePort()}`));
    const local = [];
    for (let i = 0; i < 4; i++) local.push((await down.inject('/limited')).statusCode);
    expect(local).toEqual([200, 200, 200, 429]);
    await Promise.all([a.close(), b.close(), down.close()]);
  });

  it('the app starts and signs in with Redis unreachable', async () => {
    const { app, close } = await buildTestApp({
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      REDIS_KEY_PREFIX: prefix,
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'nobody@example.test', password: 'wrong-password-1' },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await close();
    }
  });
});
