import { defineProject } from 'vitest/config';

// One embedded database per worker, shared by the files it runs (each file gets its own schema):
// isolate:false keeps the worker's module state between files.
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
