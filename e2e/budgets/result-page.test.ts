import { after, before, test } from 'node:test';
import { startAppServer, type AppServer } from '../lib/app-server.js';
import { launchBrowser } from '../lib/browser.js';
import { checkScores } from '../lib/budgets.js';
import { runLighthouse } from '../lib/lighthouse.js';
import { registerVerifiedLearner, signInWithTokens } from '../lib/learner.js';
import { startMailCatcher } from '../lib/mail-catcher.js';
import { answerCurrent, startFromDialog } from '../lib/quiz-page.js';

/**
 * Lighthouse on a signed-in result page (issue 8), opened directly as after a reload or from a link: the
 * app starts, checks the account, downloads the result screen and its data, and paints the summary.
 * The median of seven runs: this page's single runs spread wider than /login's (93-97 against 96-98 on
 * 2026-11-23, the TBT of one run 20-140 ms with the machine's phase), and the bar is on the median.
 */
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
    await runLighthouse(resultUrl, { at: session.tokens.access_token, rt: session.tokens.refresh_token }, 7),
  );
});
