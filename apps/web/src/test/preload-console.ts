import { beforeAll } from 'vitest';

/**
 * The console is a lazy chunk (app/routes/console.tsx): its first import in a test process takes
 * seconds (the data grid and every screen are transformed), which would eat into the first test's
 * waits. Importing it before the tests makes every test start from a loaded console.
 */
export function preloadConsole() {
  beforeAll(() => import('../app/routes/console'), 120_000);
}
