import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startAppServer, type AppServer } from '../lib/app-server.js';
import { launchBrowser, screenshot } from '../lib/browser.js';
import { registerVerifiedLearner, signInWithTokens } from '../lib/learner.js';
import { startMailCatcher } from '../lib/mail-catcher.js';
import { answerCurrent, questionNumber, startFromDialog } from '../lib/quiz-page.js';

const oneMinuteExam = fileURLToPath(new URL('../fixtures/one-minute-exam.json', import.meta.url));

let server: AppServer;
let browser: Browser;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

before(async () => {
  mail = await startMailCatcher();
  server = await startAppServer({ SMTP_URL: mail.url }, [
    ['seed'],
    ['import', oneMinuteExam],
    ['invites', 'create', '--code', 'E2E-QUIZ', '--max-uses', '50'],
  ]);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.close();
});

test('subject quiz: answer, mark, clear, jump, reload, offline, submit, result, attempts', async () => {
  const { session } = await registerVerifiedLearner(server.url, mail, 'E2E-QUIZ');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithTokens(page, session);

  await page.goto(`${server.url}/exams`);
  await page.getByRole('heading', { name: 'Exams' }).first().waitFor();
  await page
    .getByRole('link', { name: /Show Details/ })
    .first()
    .click();
  await page.waitForURL('**/exams/*');
  const examUrl = page.url();
  await page
    .getByRole('button', { name: /Start Subject Quiz/ })
    .first()
    .waitFor();
  await screenshot(page, 'exam-detail');
  await startFromDialog(page, page.getByRole('button', { name: /Start Subject Quiz/ }).first());
  await screenshot(page, 'quiz');

  // Q1 answered, Q2 marked for review, Q3 answered then cleared, Q4 answered.
  const first = await answerCurrent(page);
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await page.getByText(/^Question - 2$/).waitFor();
  await page.getByRole('button', { name: 'Mark for Review' }).click();
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await page.getByText(/^Question - 3$/).waitFor();
  await answerCurrent(page);
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await page.getByRole('button', { name: /^Question 3\b/ }).click();
  await page.getByRole('button', { name: 'Clear Response' }).click();
  await page.getByRole('button', { name: /^Question 4\b/ }).click();
  await page.getByText(/^Question - 4$/).waitFor();
  await answerCurrent(page);
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await page.getByText('All answers saved').waitFor();

  // A reload resumes the same session with every answer.
  const quizUrl = page.url();
  await page.reload();
  await page.getByText(/^Question - \d+$/).waitFor({ timeout: 20_000 });
  assert.equal(page.url(), quizUrl);
  await page.getByRole('button', { name: /^Question 1\b/ }).click();
  await page.getByText(/^Question - 1$/).waitFor();
  if (first !== '1')
    assert.equal(await page.getByRole('radio', { checked: true }).getAttribute('value'), first);
  else assert.equal(await page.getByLabel('Answer').inputValue(), '1');
  await page.getByRole('button', { name: /Question 2\b.*marked for review/i }).waitFor();
  await page.getByRole('button', { name: /Question 3\b.*not answered/i }).waitFor();

  // Offline: the answer waits in the queue and goes out when the network returns.
  await page.getByRole('button', { name: /^Question 5\b/ }).click();
  await page.getByText(/^Question - 5$/).waitFor();
  await context.setOffline(true);
  await answerCurrent(page);
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await page.getByText(/Offline — 1 answer/).waitFor({ timeout: 15_000 });
  await context.setOffline(false);
  await page.getByText('All answers saved').waitFor({ timeout: 30_000 });
  assert.equal(await questionNumber(page), 6);

  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Are you sure you want to submit the exam?').waitFor();
  await page.getByRole('button', { name: 'Yes, Submit' }).click();
  await page.waitForURL('**/quiz/result/*');
  await page.getByRole('heading', { name: 'Test Analysis' }).waitFor({ timeout: 20_000 });
  const resultUrl = page.url();
  await page.getByText('Click on any question to view explanation').waitFor();
  await page
    .getByText(/Answered|Correct|Incorrect/)
    .first()
    .waitFor();
  await screenshot(page, 'result');
  // The question table's rows on a wide screen, the question cards on a phone.
  const rows = page.locator('[data-testid^="question-row-"]');
  assert.equal(await page.locator('table tr[data-testid="question-row-1"]').count(), 1);
  // On a phone the result fits the screen's width, each question a card with nothing cut.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.locator('li[data-testid="question-row-1"]').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the result page is ${overflow} px wider than a 360 px screen`);
  const cut = await rows.evaluateAll((cards) =>
    cards
      .filter((card) => card.scrollWidth > card.clientWidth || card.getBoundingClientRect().right > 360)
      .map((card) => card.getAttribute('data-testid')),
  );
  assert.deepEqual(cut, [], 'no question card is wider than the screen');
  await rows.first().getByText('Your Answer').waitFor();
  await screenshot(page, 'result-phone');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.locator('table tr[data-testid="question-row-1"]').waitFor();
  await rows.first().click();
  await page.getByText(/.+/).first().waitFor();
  assert.ok((await rows.count()) >= 6);

  // Back to the exam page: the subject's attempts list leads to the same result.
  await page.goto(examUrl);
  await page
    .getByRole('link', { name: /Attempts/ })
    .nth(1)
    .click();
  await page.waitForURL('**/attempts/subject/*');
  await page.getByRole('heading', { name: 'Assessment Attempts' }).waitFor();
  await screenshot(page, 'attempts');
  await page.locator('tbody tr').first().click();
  await page.waitForURL(resultUrl);
  await page.getByRole('heading', { name: 'Test Analysis' }).waitFor();
  await context.close();
});

test('a one-minute mock test submits itself when time runs out', async () => {
  const { session } = await registerVerifiedLearner(server.url, mail, 'E2E-QUIZ', 'Ravi Kumar');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithTokens(page, session);
  await page.goto(`${server.url}/exams/timer-drill`);
  await startFromDialog(page, page.getByRole('button', { name: /Start Mock Test/ }).first());
  // The drill's questions are sums: pick the right option whatever order this session shows them in.
  const [, a, b] =
    /What is (\d+) \+ (\d+)\?/.exec((await page.getByText(/What is \d+ \+ \d+\?/).textContent()) ?? '') ?? [];
  await page.getByRole('radio', { name: String(Number(a) + Number(b)), exact: true }).check();
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await page.getByText('Time Remaining').waitFor();
  await page.waitForURL('**/quiz/result/*', { timeout: 90_000 });
  await page.getByRole('heading', { name: 'Test Analysis' }).waitFor({ timeout: 20_000 });
  await page
    .getByText(/4 \/ 12/)
    .first()
    .waitFor();
  await context.close();
});
