import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Multi-instance and fault tests: real processes of the built server (npm run build first) on this
// machine's PostgreSQL and Redis. One file at a time: they start and kill processes and clusters.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'scale',
    environment: 'node',
    include: ['**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
