import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/build-app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export const fixtureWebDir = fileURLToPath(new URL('../fixtures/web', import.meta.url));

export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: 'memory://',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    // The cheapest argon2id the server accepts: tests sign up hundreds of learners.
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    WEB_DIST_DIR: fixtureWebDir,
    // The sweep's timer stays out of the tests' way: a tick between a test's expire() and its next request
    // completed the session first on a busy machine. Tests call the sweep; quiz-sweep-timer sets its own.
    SWEEP_INTERVAL_SECONDS: '3600',
    // Every start draws afresh unless a test asks for the pool (quiz-paper-pool.test.ts): a pool filled
    // in the background would make other files' draws depend on timing.
    PAPER_POOL_SIZE: '0',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close: () => Promise<void>;
}

/** The whole app on a fresh schema. Call close() in afterAll (or let useTestApp do both). */
export async function buildTestApp(overrides: Record<string, string | undefined> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

type Env = Record<string, string | undefined>;

/** What a test file reads of its app: the app, its database and its configuration. */
export type UsedTestApp = Omit<TestApp, 'close'>;

/**
 * The file's (or the describe block's) app: built on a fresh schema of the worker's database before its
 * tests and closed after them, so a file reads `const t = useTestApp();` and then `t.app` in its tests
 * and hooks. `env` is read when the app is built: a function may use what an earlier beforeAll started
 * (`useTestApp(() => ({ SMTP_URL: mail.url }))`), and an afterAll registered before this call runs after
 * the app is closed (vitest runs after-hooks last-registered first).
 */
export function useTestApp(env: Env | (() => Env) = {}): UsedTestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(typeof env === 'function' ? env() : env);
  });
  afterAll(async () => {
    await built?.close();
    built = undefined;
  });
  const current = (): TestApp => {
    if (!built) throw new Error('useTestApp: the app exists from beforeAll to afterAll, read it there');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
  };
}
