import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startAppServer, type AppServer } from '../lib/app-server.js';
import { launchBrowser } from '../lib/browser.js';
import { checkScores, LIGHTHOUSE_GATE, LIGHTHOUSE_RUNS, scriptKbWhile } from '../lib/budgets.js';
import { runLighthouse } from '../lib/lighthouse.js';

/** The first page's budgets, on the built app (checked in .ci/run). */
const LOGIN_JS_BUDGET_KB = 150;

let server: AppServer;

before(async () => {
  server = await startAppServer({}, [['seed']]);
});
after(async () => {
  await server?.stop();
});

test(`JavaScript loaded for /login is at most ${LOGIN_JS_BUDGET_KB} kB gzip`, async () => {
  const browser = await launchBrowser();
  const page = await browser.newPage();
  const totalKb = await scriptKbWhile(page, '/login', async () => {
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });
  await browser.close();
  assert.ok(totalKb <= LOGIN_JS_BUDGET_KB, `${totalKb.toFixed(1)} kB > ${LOGIN_JS_BUDGET_KB} kB`);
});

test(`Lighthouse on /login: median performance ≥ ${LIGHTHOUSE_GATE.performance}, accessibility ${LIGHTHOUSE_GATE.accessibility}, best practices ≥ ${LIGHTHOUSE_GATE['best-practices']}`, async () => {
  checkScores('/login', await runLighthouse(`${server.url}/login`, {}, LIGHTHOUSE_RUNS));
});
