import type { Page } from '@playwright/test';
import { screenshot } from '../lib/browser.js';
import { catalogueFixture } from '../lib/catalogue-file.js';
import { expect, seededWithInvite, test } from '../lib/fixtures.js';
import { registerVerifiedLearner, signInWithTokens } from '../lib/learner.js';
import { questionHeading, startFromDialog } from '../lib/quiz-page.js';

// A real paper on a 360 px phone (docs/import-format.md#maths-tables-and-lists): a wide matrix in an
// option, a long inline formula, a rate table and a matching list. Each scrolls inside its own box; the
// page never scrolls sideways. The exam keeps the paper's option order, so (A)…(D) are the paper's.
const paper = catalogueFixture('real-papers.json');
test.use({
  serverSetup: seededWithInvite('E2E-PAPERS', ['import', paper.path]),
  viewport: { width: 360, height: 740 },
});

async function noSidewaysOverflow(page: Page, screen: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${screen} is ${overflow} px wider than a 360 px phone`).toBeLessThanOrEqual(0);
}

async function openQuestion(page: Page, text: string) {
  for (let n = 1; n <= 3; n++) {
    const sheet = page.getByRole('button', { name: 'Question palette' });
    const opened = await sheet.isVisible();
    if (opened) await sheet.click();
    await page.getByRole('button', { name: new RegExp(`^Question ${n}\\b`) }).click();
    if (opened) await expect(page.getByRole('dialog', { name: 'Question palette' })).toBeHidden();
    await expect(questionHeading(page, n)).toBeVisible();
    if ((await page.getByText(text).count()) > 0) return;
  }
  throw new Error(`question ${text} not found`);
}

test('a real paper at 360 px: wide matrix, table and matching list scroll in their own boxes, never the page', async ({
  page,
  server,
  mail,
}) => {
  test.setTimeout(180_000);
  const { session } = await registerVerifiedLearner(server.url, mail, 'E2E-PAPERS');
  await signInWithTokens(page, session);
  await page.goto('/exams/real-paper');
  await startFromDialog(page, page.getByRole('button', { name: /Start Subject Quiz/ }).first());

  await openQuestion(page, 'Which matrix is the coefficient matrix');
  // The paper's order and letters: the matrix is (A), 'None of these' (D).
  const options = page.locator('.option-text');
  await expect(options).toHaveCount(4);
  await expect(options.nth(0).locator('.option-letter')).toHaveText('(A)');
  await expect(options.nth(3)).toHaveText('(D)None of these');
  // The matrix is wider than the card: its line scrolls (and joins the tab order), the page does not.
  const wide = options.nth(0).locator('.option-body');
  await expect(wide).toHaveAttribute('tabindex', '0');
  expect(await wide.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await noSidewaysOverflow(page, 'a question with a wide matrix');
  await page.getByRole('radio', { name: /None of these/ }).check();
  await screenshot(page, 'real-paper-matrix');

  await openQuestion(page, 'The initial rates of');
  const table = page.locator('table.math-table');
  await expect(table.getByRole('columnheader', { name: 'Run' })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(page.getByText('| --- |')).toHaveCount(0);
  await noSidewaysOverflow(page, 'a question with a rate table');
  await screenshot(page, 'real-paper-table');

  await openQuestion(page, 'Match List-I with List-II');
  const matching = page.locator('table.matching-list');
  await expect(matching.getByRole('columnheader', { name: 'List-I', exact: true })).toBeVisible();
  await expect(page.getByText(/\\hline|\\textbf|\\begin\{tabular\}/)).toHaveCount(0);
  await noSidewaysOverflow(page, 'a matching-list question');
});
