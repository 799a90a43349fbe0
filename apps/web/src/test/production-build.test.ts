/* eslint-disable no-restricted-properties -- the test plays the shell: it sets the NODE_ENV the build reads */
import { resolve } from 'node:path';
import { resolveConfig } from 'vite';
import { afterEach, expect, it } from 'vitest';

const webRoot = resolve(import.meta.dirname, '../..');
const shellNodeEnv = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = shellNodeEnv;
});

/**
 * `npm start` builds the web app in whatever shell it is given; NODE_ENV=development there (the
 * server's default mode) once shipped React's development build to every learner (/login 60 % heavier).
 */
it('builds for production even when the shell says NODE_ENV=development', async () => {
  process.env.NODE_ENV = 'development';
  const config = await resolveConfig({ root: webRoot, logLevel: 'silent' }, 'build');
  expect(config.isProduction).toBe(true);
  expect(process.env.NODE_ENV).toBe('production');
});
