import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { startAppServer, type AppServer } from '../lib/app-server.js';
import { launchBrowser } from '../lib/browser.js';
import { runLighthouse } from '../lib/lighthouse.js';
import { registerVerifiedLearner, signInWithTokens } from '../lib/learner.js';
import { startMailCatcher } from '../lib/mail-catcher.js';
import { answerCurrent, startFromDialog } from '../lib/quiz-page.js';

/** Budgets of issue 8, checked on the built app. */
const LOGIN_JS_BUDGET_KB = 150;
const LIGHTHOUSE_MIN = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;

let server: AppServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

before(async () => {
  mail = await startMailCatcher();
  server = await startAppServer({ SMTP_URL: mail.url }, [
    ['seed'],
    ['invites', 'create', '--code', 'E2E-BUDGET', '--max-uses', '5'],
  ]);
});
after(async () => {
  await server?.stop();
  await mail?.close();
});

test(`JavaScript loaded for /login is at most ${LOGIN_JS_BUDGET_KB} kB gzip`, async () => {
  const browser = await launchBrowser();
  const page = await browser.newPage();
  const bodies: Promise<{ url: string; size: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response.body().then((body) => ({ url: response.url(), size: gzipSync(body, { level: 9 }).length })),
    );
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Login' }).waitFor();
  const scripts = await Promise.all(bodies);
  await browser.close();
  const totalKb = scripts.reduce((sum, s) => sum + s.size, 0) / 1024;
  for (const s of scripts.sort((a, b) => b.size - a.size))
    console.log(`  ${(s.size / 1024).toFixed(1).padStart(6)} kB  ${new URL(s.url).pathname}`);
  console.log(`JavaScript for /login: ${totalKb.toFixed(1)} kB gzip in ${scripts.length} scripts`);
  assert.ok(totalKb <= LOGIN_JS_BUDGET_KB, `${totalKb.toFixed(1)} kB > ${LOGIN_JS_BUDGET_KB} kB`);
});

function checkScores(page: string, result: Awaited<ReturnType<typeof runLighthouse>>) {
  console.log(`Lighthouse ${page}: ${JSON.stringify(result.scores)}`);
  const misses = Object.entries(LIGHTHOUSE_MIN).filter(
    ([category, min]) => result.scores[category as keyof typeof LIGHTHOUSE_MIN] < min,
  );
  assert.deepEqual(misses, [], `${page} misses the bar; audits under 0.9: ${result.failing.join('; ')}`);
}

test('Lighthouse on /login: performance ≥ 95, accessibility 100, best practices ≥ 95', async () => {
  checkScores('/login', await runLighthouse(`${server.url}/login`));
});

test('Lighthouse on a result page (signed in): performance ≥ 95, accessibility 100, best practices ≥ 95', async () => {
  // A submitted subject quiz, made in the browser as a learner would.
  const { session } = await registerVerifiedLearner(server.url, mail, 'E2E-BUDGET');
  const browser = await launchBrowser();
  const page = await browser.newPage();
  await signInWithTokens(page, session);
  await page.goto(`${server.url}/exams`);
  await page
    .getByRole('link', { name: /Show Details/ })
    .first()
    .click();
  await startFromDialog(page, page.getByRole('button', { name: /Start Subject Quiz/ }).first());
  await answerCurrent(page);
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await page.getByText(/^Question - 2$/).waitFor();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Yes, Submit' }).click();
  await page.waitForURL('**/quiz/result/*');
  const resultUrl = page.url();
  await browser.close();

  checkScores(
    '/quiz/result',
    await runLighthouse(resultUrl, { at: session.tokens.access_token, rt: session.tokens.refresh_token }),
  );
});
