import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
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
    SCRYPT_LOG_N: '10',
    WEB_DIST_DIR: fixtureWebDir,
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close: () => Promise<void>;
}

/** The whole app on a fresh schema. Call close() in afterAll. */
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
