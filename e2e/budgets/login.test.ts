import { checkScores, LIGHTHOUSE_GATE, LIGHTHOUSE_RUNS, scriptKbWhile } from '../lib/budgets.js';
import { expect, test } from '../lib/fixtures.js';
import { runLighthouse } from '../lib/lighthouse.js';

/** The first page's budgets, on the built app (checked in .ci/run). */
const LOGIN_JS_BUDGET_KB = 150;

test.use({ serverSetup: { cli: [['seed']] } });

test(`JavaScript loaded for /login is at most ${LOGIN_JS_BUDGET_KB} kB gzip`, async ({ page }) => {
  const totalKb = await scriptKbWhile(page, '/login', async () => {
    await page.goto('/login', { waitUntil: 'networkidle' });
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
  expect(totalKb, `${totalKb.toFixed(1)} kB > ${LOGIN_JS_BUDGET_KB} kB`).toBeLessThanOrEqual(
    LOGIN_JS_BUDGET_KB,
  );
});

test(`Lighthouse on /login: median performance ≥ ${LIGHTHOUSE_GATE.performance}, accessibility ${LIGHTHOUSE_GATE.accessibility}, best practices ≥ ${LIGHTHOUSE_GATE['best-practices']}`, async ({
  server,
}) => {
  checkScores('/login', await runLighthouse(`${server.url}/login`, {}, LIGHTHOUSE_RUNS));
});
