import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // As the server's: with both cores running tests (and other work beside them) a screen test that
    // types digit by digit through MUI took 15-16 s where it takes 3-5 s alone; no assertion waits longer.
    testTimeout: 30_000,
    // One jsdom and one module graph (React, MUI, the app) per worker instead of per file: a fresh
    // environment and re-imported MUI cost about three quarters of the suite's CPU time
    // (docs/decisions/0019-tests-in-minutes.md). The setup file still runs before every file and
    // clears what a file leaves behind (rendered trees, MSW handlers, localStorage).
    isolate: false,
  },
});
