import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertBuilt,
  call,
  cli,
  createRunDatabase,
  freePort,
  sleep,
  startInstance,
  type Instance,
  type RunDatabase,
} from './lib/instances.js';

/**
 * Redis of this test alone (a redis-server on a free port) is killed and restarted under two
 * instances: no request fails, each instance warns once and counts on its own, and both share the
 * counters again once Redis is back.
 */
let db: RunDatabase;
let port: number;
let redisServer: ChildProcess | null = null;
let a: Instance;
let b: Instance;

async function startRedis(): Promise<void> {
  redisServer = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const probe = new Redis(port, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  for (let i = 0; i < 50; i++) {
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error('redis-server did not start');
}
async function killRedis(): Promise<void> {
  const server = redisServer;
  redisServer = null;
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  assertBuilt();
  port = await freePort();
  await startRedis();
  db = await createRunDatabase();
  cli(db.url, 'migrate');
  const env = { DATABASE_URL: db.url, REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info' };
  [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await killRedis();
  await db?.drop();
});

const fail = (instance: Instance, email: string) =>
  call(instance, 'POST', '/v1/auth/login', { body: { email, password: 'wrong-password-42' } });

describe('Redis lost and back under two instances', () => {
  it('degrades to per-instance limits with one warning each, never failing a request, then shares again', async () => {
    const before = `before-${Date.now()}@example.test`;
    for (let i = 0; i < 10; i++) expect((await fail(i % 2 ? a : b, before)).status).toBe(401);
    expect((await fail(a, before)).status).toBe(429);

    await killRedis();
    await sleep(300);
    // Counted per instance now: 10 failures on A lock A only; B still has its own 10.
    const during = `during-${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await fail(a, during)).status);
    statuses.push((await fail(a, during)).status);
    statuses.push((await fail(b, during)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 401]);
    expect((await call(a, 'GET', '/health/ready')).status).toBe(200);
    for (const instance of [a, b]) {
      expect(
        instance.logLines('Redis unavailable: limits are counted per instance until it returns'),
      ).toHaveLength(1);
    }

    const outageStart = Date.now();
    await startRedis();
    // Both reconnect by themselves (ioredis retries at most every 2 s).
    for (;;) {
      const back = [a, b].every(
        (i) => i.logLines('Redis reachable again: limits are shared across instances').length === 1,
      );
      if (back) break;
      if (Date.now() - outageStart > 10_000)
        throw new Error(`no reconnection:\n${a.output()}\n${b.output()}`);
      await sleep(100);
    }
    console.info(
      `Redis outage: ${statuses.length} sign-ins during it, none failed with 5xx; both instances shared again ` +
        `${Date.now() - outageStart} ms after Redis restarted`,
    );
    const after = `after-${Date.now()}@example.test`;
    for (let i = 0; i < 10; i++) expect((await fail(i % 2 ? a : b, after)).status).toBe(401);
    expect((await fail(b, after)).status).toBe(429);
  });
});
