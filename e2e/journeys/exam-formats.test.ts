import type { Page } from '@playwright/test';
import { screenshot } from '../lib/browser.js';
import { catalogueFixture } from '../lib/catalogue-file.js';
import { expect, seededWithInvite, test } from '../lib/fixtures.js';
import { registerVerifiedLearner, signInWithTokens } from '../lib/learner.js';
import { questionHeading, startFromDialog } from '../lib/quiz-page.js';

// Exam-day resuming and real papers in a browser (docs/product.md#running-attempts,
// docs/product.md#question-types): a JEE Advanced paper with every question type, a figure and a passage,
// begun on a phone (360 px), resumed on a laptop (1280 px), marked with partial marks; then a key
// correction the learner's result tells of.
const drill = catalogueFixture('advanced-drill.json');
test.use({ serverSetup: seededWithInvite('E2E-FORMATS', ['import', drill.path]) });

const FIGURE_ALT = 'A cell with resistors R1 and R2 in series';

/** Goes to question `text` through the palette (the draw shuffles the order). */
async function openQuestion(page: Page, text: string | RegExp) {
  for (let n = 1; n <= 4; n++) {
    // On a phone the palette is a bottom sheet, opened from the top bar.
    // The jump closes it; until it has gone the page behind is hidden from the accessibility tree,
    // its Palette button too, so each jump waits for that.
    const sheet = page.getByRole('button', { name: 'Question palette' });
    const opened = await sheet.isVisible();
    if (opened) await sheet.click();
    await page.getByRole('button', { name: new RegExp(`^Question ${n}\\b`) }).click();
    if (opened) await expect(page.getByRole('dialog', { name: 'Question palette' })).toBeHidden();
    await expect(questionHeading(page, n)).toBeVisible();
    if ((await page.getByText(text).count()) > 0) return;
  }
  throw new Error(`question ${String(text)} not found`);
}

/** Save & Next (Save on the last question) saves the answer on screen; the queue reports it stored. */
async function saveAndNext(page: Page) {
  await page.getByRole('button', { name: /^Save( & Next)?$/ }).click();
  await expect(page.getByText('All answers saved')).toBeVisible({ timeout: 30_000 });
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `the page is ${overflow} px wider than the screen`).toBeLessThanOrEqual(0);
}

test('JEE Advanced paper: figure, multiple, numerical keypad, passage; resumed on another device; partial marks', async ({
  browser,
  server,
  mail,
}) => {
  const { session } = await registerVerifiedLearner(server.url, mail, 'E2E-FORMATS');

  // ── On a phone ──
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: server.url });
  const page = await phone.newPage();
  await signInWithTokens(page, session);
  await page.goto('/exams/advanced-drill');
  await startFromDialog(page, page.getByRole('button', { name: /Start Subject Quiz/ }).first());

  // The figure: shown with its alt text, within the screen, enlarged on a tap.
  await openQuestion(page, /which resistor is drawn on the top wire/);
  const figure = page.getByRole('img', { name: FIGURE_ALT });
  await expect(figure).toBeVisible();
  await noHorizontalOverflow(page);
  await page.getByRole('button', { name: `Enlarge: ${FIGURE_ALT}` }).click();
  const enlarged = page.getByRole('dialog');
  await expect(enlarged.getByRole('img', { name: FIGURE_ALT })).toBeVisible();
  await enlarged.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('radio', { name: 'R2', exact: true }).check(); // wrong: −1
  await saveAndNext(page);

  // Multiple correct: two of the three right options (+2 under jee-advanced).
  await openQuestion(page, 'Which of these are prime numbers?');
  await page.getByRole('checkbox', { name: '2', exact: true }).check();
  await page.getByRole('checkbox', { name: '3', exact: true }).check();
  await noHorizontalOverflow(page);
  await saveAndNext(page);
  await screenshot(page, 'formats-phone');
  await phone.close();

  // ── On a laptop: the running attempt is offered for resuming, with its time left ──
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 720 }, baseURL: server.url });
  const desk = await laptop.newPage();
  await signInWithTokens(desk, session);
  await desk.goto('/exams/advanced-drill');
  await expect(desk.getByText(/Resume — \d+:\d\d left/).first()).toBeVisible();
  await desk
    .getByRole('button', { name: /Start Subject Quiz/ })
    .first()
    .click();
  const dialog = desk.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Start afresh' })).toBeVisible();
  await dialog.getByRole('button', { name: /Resume — \d+:\d\d left/ }).click();
  await desk.waitForURL('**/quiz/exam/**');
  await expect(questionHeading(desk, 1)).toBeVisible({ timeout: 20_000 });

  // What the phone saved is here.
  await openQuestion(desk, 'Which of these are prime numbers?');
  await expect(desk.getByRole('checkbox', { name: '2', exact: true })).toBeChecked();
  await expect(desk.getByRole('checkbox', { name: '3', exact: true })).toBeChecked();
  await expect(desk.getByRole('checkbox', { name: '5', exact: true })).not.toBeChecked();
  await openQuestion(desk, /which resistor is drawn on the top wire/);
  await expect(desk.getByRole('radio', { name: 'R2', exact: true })).toBeChecked();

  // Numerical through the on-screen keypad: 9.8 (+3).
  await openQuestion(desk, /acceleration due to gravity/);
  const keypad = desk.getByRole('group', { name: 'Keypad' });
  for (const key of ['9', 'Decimal point', '8'])
    await keypad.getByRole('button', { name: key, exact: true }).click();
  await expect(desk.getByRole('textbox', { name: 'Your answer (a number)' })).toHaveValue('9.8');
  await saveAndNext(desk);

  // The passage is shown above its question, which stays unanswered (0).
  await openQuestion(desk, "The train's average speed, in km/h, is");
  await expect(desk.getByText('A train covers 120 km in 2 hours at a steady speed.')).toBeVisible();

  await desk.getByRole('button', { name: 'Submit' }).click();
  await desk.getByRole('button', { name: 'Yes, Submit' }).click();
  await desk.waitForURL('**/quiz/result/*');
  await expect(desk.getByRole('heading', { name: 'Test Analysis' })).toBeVisible({ timeout: 20_000 });

  // jee-advanced: single −1, multiple two of three right +2, numerical +3, unanswered 0 → 4 of 3+4+3+3.
  const summary = desk.getByRole('region', { name: 'Performance Summary' });
  await expect(summary).toContainText(/Score\s*4 \/ 13/);
  const table = desk.getByRole('table', { name: /questions$/ });
  const row = (text: string | RegExp) => table.getByRole('row').filter({ hasText: text });
  await expect(row('Which of these are prime numbers?')).toContainText('Partially Correct');
  await expect(row('Which of these are prime numbers?')).toContainText('2 / 4');
  await expect(row(/acceleration due to gravity/)).toContainText('Correct');
  await expect(row(/acceleration due to gravity/)).toContainText('3 / 3');
  await expect(row(/which resistor/)).toContainText('Incorrect');
  await expect(row(/which resistor/)).toContainText('-1 / 3');
  await expect(row(/average speed/)).toContainText('Not Attempted');
  await screenshot(desk, 'formats-result');

  // The same result on a phone: the figure and every card fit.
  await desk.setViewportSize({ width: 360, height: 740 });
  const cards = desk.getByRole('list', { name: /questions$/ });
  await expect(cards).toContainText('Partially Correct');
  await expect(cards.getByRole('img', { name: FIGURE_ALT })).toBeVisible();
  await noHorizontalOverflow(desk);

  // A key correction: the learner reports the resistor question from the mistakes notebook, the operator
  // finds it in `reports list` and drops it (the embedded store: the server stops meanwhile), and the
  // result says what changed and by how much: the −1 becomes full marks, +3.
  const resultPath = new URL(desk.url()).pathname;
  await desk.goto('/mistakes');
  const resistor = desk.getByRole('article').filter({ hasText: /which resistor/ });
  await resistor.getByRole('button', { name: 'Report a problem' }).click();
  const report = desk.getByRole('dialog', { name: 'Report a problem' });
  await report.getByRole('radio', { name: 'The question is unclear' }).check();
  await report.getByLabel('Note (optional)').fill('The figure does not say which wire is the top one.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(
    desk.getByText('Thank you. The question has been reported and will be checked.'),
  ).toBeVisible();
  const reports = await server.restartAfter([['reports', 'list']]);
  const questionId = /^([0-9a-f-]{36}) {2}1 report \(unclear 1\)/m.exec(reports)?.[1];
  if (!questionId) throw new Error(`the report is not listed:\n${reports}`);
  await server.restartAfter([['keys', 'drop', questionId, '--reason', 'the figure was unclear']]);

  await desk.goto(resultPath);
  const notice = desk.getByRole('region', { name: 'Answer key corrections' });
  await expect(notice).toContainText('your score changed by +4', { timeout: 20_000 });
  await expect(notice).toContainText(
    'dropped (full marks to everyone) — the figure was unclear. Marks -1 → +3.',
  );
  await expect(summary).toContainText(/Score\s*8 \/ 13/);
  await expect(cards.getByRole('listitem').filter({ hasText: /which resistor/ })).toContainText('3 / 3');
  await screenshot(desk, 'formats-key-corrected');
  await noHorizontalOverflow(desk);
  await laptop.close();
});
