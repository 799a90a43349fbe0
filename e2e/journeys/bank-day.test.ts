import type { Page } from '@playwright/test';
import { axeCheck } from '../lib/a11y.js';
import { apiAs } from '../lib/api.js';
import {
  BAD_FORMULA,
  GOOD_FORMULA,
  IMPORT_EXAM,
  IMPORT_SUBJECT,
  KIRCHHOFF,
  KIRCHHOFF_FIXED,
  LONG_Q,
  MATCH_Q,
  REFUSED_Q,
  RIGHT_KEY,
  TABLE_Q,
  WARNED_Q,
  WRONG_KEY,
  bankImportCsv,
  kirchhoffOf,
  takeCircuitsQuiz,
  writeBankExam,
} from '../lib/bank-files.js';
import { screenshot } from '../lib/browser.js';
import { expect, test } from '../lib/fixtures.js';
import { registerVerifiedLearner, signInWithTokens } from '../lib/learner.js';
import { questionHeading, startFromDialog } from '../lib/quiz-page.js';

const INVITE = 'E2E-BANK';
const JUNCTION_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" onload="alert(1)">' +
  '<path d="M0 20H40M20 0V20" stroke="black"/><circle cx="20" cy="20" r="3"/></svg>';
test.use({
  serverSetup: {
    cli: [
      ['invites', 'create', '--code', INVITE, '--max-uses', '5'],
      ['import', writeBankExam()],
    ],
  },
});

/**
 * An editor's day in the question bank (docs/question-bank.md): a learner is given the Kirchhoff
 * question as imported (a wrong key, a formula KaTeX cannot read); the editor finds it by search,
 * fixes both with the learner's own screens previewed beside the form, and moves it through review to
 * approved; the learner's result keeps the version they were given while a new session gets the new
 * one. Then the editor imports a CSV in the browser (docs/decisions/0026-imports-in-the-browser.md):
 * a dry run reports a warning and an error and writes nothing, the valid ones are imported, and on a
 * 360 px phone their table, matching list and long formula do not widen the page. axe on every
 * console screen.
 */
test('an editor finds a wrong question, fixes it with a true preview and versions, and imports a file in the browser', async ({
  freshPage,
  server,
  mail,
}) => {
  test.setTimeout(180_000);
  const started = Date.now();
  const found: string[] = [];
  const check = async (page: Page, name: string) => {
    await screenshot(page, name);
    const serious = await axeCheck(page, name);
    if (serious.length) console.log(serious.join('\n'));
    found.push(...serious);
  };
  const [editor, learner] = await Promise.all([
    registerVerifiedLearner(server.url, mail, INVITE, 'Kavya Menon'),
    registerVerifiedLearner(server.url, mail, INVITE, 'Rohan Gupta'),
  ]);
  server.cli(['users', 'grant', editor.email, '--role', 'editor']);
  const editorApi = apiAs(server.url, editor.session);

  // 1. Before any edit the learner is given the question as imported: their true answer is marked wrong.
  const before = await takeCircuitsQuiz(server.url, learner.session);
  expect(before.texts).toContain(KIRCHHOFF);
  const given = await kirchhoffOf(server.url, learner.session, before.slug);
  expect(given).toMatchObject({ userAnswer: RIGHT_KEY, score: -1 });

  // 2. The bank finds it by a word's start; its text opens the editor.
  const page = await freshPage();
  await signInWithTokens(page, editor.session);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Import questions' })).toBeVisible();
  await check(page, 'bank-console-home');
  await nav.getByRole('link', { name: 'Question bank' }).click();
  await expect(page.getByRole('heading', { name: 'Question bank' })).toBeVisible();
  const rows = page.getByRole('grid', { name: 'Question bank' }).locator('[role="row"][data-id]');
  await expect(rows).toHaveCount(3);
  // A search that finds nothing: the empty grid is checked by axe too (its scroller must not scroll).
  await page.getByRole('textbox', { name: 'Search' }).fill('zzyzx');
  await expect(rows).toHaveCount(0);
  await expect(page.getByRole('grid', { name: 'Question bank' })).toContainText(/no rows/i);
  await check(page, 'bank-search-empty');
  await page.getByRole('textbox', { name: 'Search' }).fill('kirchh');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Approved');
  await check(page, 'bank-search');
  await rows
    .first()
    .getByRole('link', { name: /^By Kirchhoff's/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit a question' })).toBeVisible();

  // 3. The preview beside the form on a wide screen: the learner's screens at 360 and 1024 px.
  await page.setViewportSize({ width: 1600, height: 900 });
  const form = page.getByRole('form', { name: 'Edit the question' });
  const preview = page.getByRole('region', { name: 'Preview' });
  const phone = preview.getByRole('figure', { name: 'Phone (360 px)' });
  const laptop = preview.getByRole('figure', { name: 'Laptop (1024 px)' });
  await expect(phone).toContainText("By Kirchhoff's current law");
  await expect(laptop).toContainText("By Kirchhoff's current law");
  const [formBox, previewBox, phoneBox, laptopBox] = await Promise.all(
    [form, preview, phone, laptop].map((l) => l.boundingBox()),
  );
  expect(previewBox!.x, 'the preview is beside the form').toBeGreaterThanOrEqual(formBox!.x + formBox!.width);
  expect(Math.round(phoneBox!.width)).toBe(360);
  expect(Math.round(laptopBox!.width)).toBe(1024);
  await expect(form.getByText('version 1')).toBeVisible();
  await check(page, 'bank-editor');
  await page.setViewportSize({ width: 1280, height: 720 });

  // 4. The key fixed first: the save is refused at the question text, whose formula KaTeX cannot read.
  await form.getByRole('radio', { name: 'Option B is right' }).check();
  const text = form.getByRole('textbox', { name: 'Question text' });
  await expect(text).toHaveValue(KIRCHHOFF);
  await form.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Draft' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(/^the formula I_1 = \\fracc\{1\}\{2\}.* cannot be read/)).toBeVisible();
  await check(page, 'bank-editor-refused');
  const unsaved = await editorApi(`/v1/admin/questions?search=kirchhoff`);
  expect(unsaved.status, unsaved.message).toBe(200);
  expect(unsaved.data.rows[0]).toMatchObject({ status: 'approved', text: KIRCHHOFF });
  const id = unsaved.data.rows[0].id as string;

  // Then the formula: the preview draws it, the save is version 2, a draft.
  await text.fill(KIRCHHOFF_FIXED);
  await expect(phone.locator('.katex-error')).toHaveCount(0);
  await expect(phone.locator('.katex').first()).toBeVisible();
  // A figure for the explanation, uploaded beside the form: an svg, stored sanitised.
  const figures = form.getByRole('region', { name: 'Figures' });
  await figures.getByLabel('Figure file (png, jpeg, webp, gif or svg; at most 2 MB)').setInputFiles({
    name: 'junction.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(JUNCTION_SVG),
  });
  await figures.getByRole('textbox', { name: /^Alt text/ }).fill('three wires meeting at a junction');
  await figures.getByRole('combobox', { name: 'Put it in' }).click();
  await page.getByRole('option', { name: 'the explanation' }).click();
  await figures.getByRole('button', { name: 'Upload figure' }).click();
  await expect(figures.getByRole('status')).toContainText('Figure added to the explanation');
  const explanation = form.getByRole('textbox', { name: 'Explanation (the worked solution)' });
  await expect(explanation).toHaveValue(/!\[three wires meeting at a junction\]\(media:[0-9a-f]{64}\)$/);
  const sha = /media:([0-9a-f]{64})/.exec(await explanation.inputValue())![1];
  const figure = await page.request.get(`/api/v1/media/${sha}`);
  expect(figure.headers()['content-type']).toBe('image/svg+xml');
  expect(await figure.text(), 'sanitised').not.toContain('onload');
  await check(page, 'bank-editor-figure');
  await form
    .getByRole('textbox', { name: 'Why (for the audit log)' })
    .fill('The key was 1.5; \\frac mistyped.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved as version 2.');
  await expect(text).toHaveAttribute('aria-invalid', 'false');
  // Into review: the status alone changes nothing learners see (no new version).
  await form.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'In review' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved: nothing learners see changed.');

  // 5. The history: two versions, and what changed between them.
  const history = page.getByRole('region', { name: 'History' });
  const versions = history.getByRole('list', { name: 'Versions' }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('Version 2 (learners are given this one) — Kavya Menon');
  await expect(versions.last()).toContainText('Version 1 — imported');
  const textChange = history.getByRole('region', { name: 'Question text changed' });
  await expect(textChange.getByLabel('Version 1')).toContainText(BAD_FORMULA);
  await expect(textChange.getByLabel('Version 2')).toContainText(GOOD_FORMULA);
  const keyChange = history.getByRole('region', { name: 'Key changed' });
  await expect(keyChange.getByLabel('Version 1')).toContainText(WRONG_KEY);
  await expect(keyChange.getByLabel('Version 2')).toContainText(RIGHT_KEY);
  await check(page, 'bank-history');

  // 6. Approved from the bank's bulk bar: the review list, ticked, Set status.
  await page.getByRole('link', { name: 'Back to the question bank' }).click();
  await page.getByRole('combobox', { name: /^Status/ }).click();
  await page.getByRole('option', { name: 'In review' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(GOOD_FORMULA.slice(1, 10));
  await rows.first().getByRole('checkbox').check();
  const bulk = page.getByRole('region', { name: 'Selected questions' });
  await expect(bulk).toContainText('1 selected on this page');
  await bulk.getByRole('combobox', { name: 'New status' }).click();
  await page.getByRole('option', { name: 'Approved (drawn into papers)' }).click();
  await bulk.getByRole('button', { name: 'Set status' }).click();
  await expect(bulk).toContainText('1 question changed.');
  await expect(rows).toHaveCount(0);
  await page.getByRole('combobox', { name: /^Status/ }).click();
  await page.getByRole('option', { name: 'Any status' }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "By Kirchhoff's" })).toContainText('Approved');
  await check(page, 'bank-approved');
  const approved = await editorApi(`/v1/admin/questions?search=kirchhoff`);
  expect(approved.data.rows[0]).toMatchObject({ id, status: 'approved', text: KIRCHHOFF_FIXED });

  // 7. The learner's result keeps the version they were given; a new session gets the new one.
  const still = await kirchhoffOf(server.url, learner.session, before.slug);
  expect(still.baseQuestion.questionText).toBe(KIRCHHOFF);
  expect(still).toMatchObject({ userAnswer: RIGHT_KEY, score: -1 });
  const after = await takeCircuitsQuiz(server.url, learner.session);
  expect(after.texts).toContain(KIRCHHOFF_FIXED);
  expect(await kirchhoffOf(server.url, learner.session, after.slug)).toMatchObject({
    baseQuestion: { questionText: KIRCHHOFF_FIXED },
    userAnswer: RIGHT_KEY,
    score: 4,
  });
  const learnerPage = await freshPage();
  await signInWithTokens(learnerPage, learner.session);
  await learnerPage.goto(`/quiz/result/${before.slug}`);
  await expect(learnerPage.getByText(/^By Kirchhoff's current law/).first()).toBeVisible();
  await expect(learnerPage.locator('main')).toContainText(String.raw`\fracc{1}{2}`);
  await expect(learnerPage.locator('main')).not.toContainText(String.raw`\frac{1}{2}`);

  // 8. Import in the browser: a dry run reports the warning and the error (file, line, question).
  const { csv, lines } = bankImportCsv();
  await nav.getByRole('link', { name: 'Import questions' }).click();
  await expect(page.getByRole('heading', { name: 'Import questions' })).toBeVisible();
  await check(page, 'bank-import');
  await page
    .getByLabel('Question files')
    .setInputFiles({ name: 'bank-import.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Dry run' }).click();
  const summary = page.getByRole('status').filter({ hasText: /^Dry run/ });
  await expect(summary).toHaveText(
    'Dry run, nothing was written. The valid questions would be: 4 created, 0 updated, 0 unchanged. Found 1 error, 0 not importable, 1 warning.',
  );
  const problems = page.getByRole('table', { name: 'Problems found' }).locator('tbody tr');
  await expect(problems).toHaveCount(2);
  const warned = problems.filter({ hasText: 'Warning' });
  await expect(warned.locator('td').nth(0)).toHaveText('bank-import.csv');
  await expect(warned.locator('td').nth(1)).toHaveText(String(lines[WARNED_Q]));
  await expect(warned.locator('td').nth(2)).toContainText('A current of $5 A flows');
  const refused = problems.filter({ hasText: 'Error' });
  await expect(refused.locator('td').nth(0)).toHaveText('bank-import.csv');
  await expect(refused.locator('td').nth(1)).toHaveText(String(lines[REFUSED_Q]));
  await expect(refused.locator('td').nth(2)).toContainText(REFUSED_Q);
  await expect(page.getByRole('button', { name: 'Import all or nothing' })).toBeDisabled();
  await check(page, 'bank-import-dry-run');
  const nothing = await editorApi(`/v1/admin/questions?subjectSlug=${IMPORT_SUBJECT}`);
  expect(nothing.status, nothing.message).toBe(200);
  expect(nothing.data.total).toBe(0);

  // The valid ones: the progress runs to the final counts.
  await page.getByRole('button', { name: 'Import the valid ones' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Imported:/ })).toHaveText(
    'Imported: 4 created, 0 updated, 0 unchanged. 1 error, 0 not importable, 1 warning.',
    { timeout: 30_000 },
  );
  await expect(page.getByRole('table', { name: 'Files' }).locator('tbody tr')).toContainText('Imported');
  await check(page, 'bank-imported');
  const imported = await editorApi(`/v1/admin/questions?subjectSlug=${IMPORT_SUBJECT}`);
  expect(imported.data.total).toBe(4);

  // 9. On a 360 px phone the imported questions never widen the page.
  await learnerPage.setViewportSize({ width: 360, height: 740 });
  await learnerPage.goto(`/exams/${IMPORT_EXAM}`);
  await startFromDialog(learnerPage, learnerPage.getByRole('button', { name: /Start Subject Quiz/ }).first());
  const seen = new Set<string>();
  for (let n = 1; n <= 4; n += 1) {
    await expect(questionHeading(learnerPage, n)).toBeVisible();
    const shown = await learnerPage.locator('main').innerText();
    const kinds = [TABLE_Q, MATCH_Q, LONG_Q].filter((q) => shown.includes(q));
    kinds.forEach((q) => seen.add(q));
    // Measured once their maths is drawn (KaTeX's own chunk), tables and formulas at their full width.
    if (kinds.length) await expect(learnerPage.locator('main .katex').first()).toBeVisible();
    const overflow = await learnerPage.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `question ${n} is ${overflow} px wider than the phone`).toBeLessThanOrEqual(0);
    if (n === 1) await screenshot(learnerPage, 'bank-phone-quiz');
    if (n === 4) break;
    // To the next one by the palette (a bottom sheet on a phone).
    await learnerPage.getByTestId('quiz-top-bar').getByRole('button', { name: 'Question palette' }).click();
    const sheet = learnerPage.getByRole('dialog', { name: 'Question palette' });
    await sheet.getByRole('button', { name: new RegExp(`^Question ${n + 1},`) }).click();
    await expect(sheet).toBeHidden();
  }
  expect([...seen].sort()).toEqual([LONG_Q, MATCH_Q, TABLE_Q].sort());

  expect(found, found.join('\n')).toEqual([]);
  console.log(`bank day: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
