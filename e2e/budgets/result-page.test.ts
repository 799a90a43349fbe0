import { after, before, test } from 'node:test';
import { startAppServer, type AppServer } from '../lib/app-server.js';
import { launchBrowser } from '../lib/browser.js';
import assert from 'node:assert/strict';
import { checkScores, LIGHTHOUSE_GATE, LIGHTHOUSE_RUNS, scriptKbWhile } from '../lib/budgets.js';
import { runLighthouse } from '../lib/lighthouse.js';
import { registerVerifiedLearner, signInWithTokens } from '../lib/learner.js';
import { startMailCatcher } from '../lib/mail-catcher.js';
import { answerCurrent, startFromDialog } from '../lib/quiz-page.js';

/**
 * A signed-in result page opened directly, as after a reload or from a link: the app starts, checks the
 * account, downloads the result screen and its data, and paints the summary. Its JavaScript has a byte
 * budget (258.5 kB measured on 2026-11-24, with ~8 % margin; bytes do not move between identical runs) and Lighthouse
 * its gates (lib/budgets.ts).
 */
const RESULT_JS_BUDGET_KB = 280;
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

test(`A result page (signed in): JavaScript ≤ ${RESULT_JS_BUDGET_KB} kB gzip, median performance ≥ ${LIGHTHOUSE_GATE.performance}, accessibility ${LIGHTHOUSE_GATE.accessibility}, best practices ≥ ${LIGHTHOUSE_GATE['best-practices']}`, async () => {
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
  const fresh = await browser.newPage();
  await signInWithTokens(fresh, session);
  const totalKb = await scriptKbWhile(fresh, '/quiz/result', async () => {
    await fresh.goto(resultUrl, { waitUntil: 'networkidle' });
    await fresh.getByText('Test Analysis').first().waitFor();
  });
  await browser.close();
  assert.ok(totalKb <= RESULT_JS_BUDGET_KB, `${totalKb.toFixed(1)} kB > ${RESULT_JS_BUDGET_KB} kB`);

  checkScores(
    '/quiz/result',
    await runLighthouse(
      resultUrl,
      { at: session.tokens.access_token, rt: session.tokens.refresh_token },
      LIGHTHOUSE_RUNS,
    ),
  );
});
