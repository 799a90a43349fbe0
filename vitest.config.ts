import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // vitest's default, one worker fewer than the cores, is a single worker on a 2-core machine, and the
    // three projects share that one worker: the suites ran one file after another on one core while the
    // other idled (docs/decisions/0019-tests-in-minutes.md). The main process only hands out files.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
