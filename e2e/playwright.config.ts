import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/browser.js';

/**
 * Browser journeys and budgets on the built app (npm run build first), in Debian's Chromium: no
 * browser is ever downloaded. One worker (the CI machine has two cores, and the app server and the
 * browser share them); no retries, so a flaky step shows as a failure with its trace.
 */
export default defineConfig({
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    // A failure keeps its trace: every action with the page's DOM before and after, network, console.
    // The screencast filmstrip is left out: on two shared cores it cost about as much as the tests.
    trace: { mode: 'retain-on-failure', screenshots: false },
    viewport: { width: 1280, height: 720 },
  },
  projects: [
    { name: 'journeys', testDir: 'journeys' },
    // Ten Lighthouse runs (five a page) in fresh browsers take minutes on two cores.
    { name: 'budgets', testDir: 'budgets', timeout: 15 * 60_000 },
  ],
});
