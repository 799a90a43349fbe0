import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/browser.js';

/**
 * Browser journeys and budgets on the built app (npm run build first), in Debian's Chromium: no
 * browser is ever downloaded. Journeys in two workers, a file each (each with its own server): a third
 * of their time is spent waiting on real clocks (a live test's window, a one-minute test, FSRS's
 * learning step), which the other file's steps fill (9.4 -> 5.5-5.8 min on 2026-11-27's two cores). The
 * budgets run alone (below): Lighthouse wants the machine to itself. No retries, so a flaky step
 * shows as a failure with its trace.
 */
export default defineConfig({
  workers: 2,
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
    // Ten Lighthouse runs (five a page) in fresh browsers take minutes on two cores; one at a time.
    { name: 'budgets', testDir: 'budgets', timeout: 15 * 60_000, workers: 1 },
  ],
});
