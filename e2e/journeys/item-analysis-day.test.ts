import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { axeCheck } from '../lib/a11y.js';
import { apiAs, inPool } from '../lib/api.js';
import { screenshot } from '../lib/browser.js';
import {
  EASIEST_TOPICS,
  HARDEST_TOPICS,
  MODULE_SLUG,
  makePaper,
  marksOf,
  sitLiveTest,
  writePaperFile,
} from '../lib/class-paper.js';
import { expect, test } from '../lib/fixtures.js';
import { registerVerifiedLearner, signInWithTokens } from '../lib/learner.js';

// docs/item-analysis.md, docs/live-tests.md: a 75-question paper whose one key was typed wrong (an easy
// two-digit sum keyed "result + 1"), made at run time and imported with the CLI.
const MINUTES = 1;
const { questions, planted } = makePaper();
const byText = new Map(questions.map((q) => [q.text, q]));
const INVITE = 'E2E-ANALYSIS';
const LEARNERS = 30;
/** Who leaves without submitting: the server completes their sessions. */
const LEAVES = new Set([5, 15, 25]);
test.use({
  serverSetup: {
    cli: [
      ['invites', 'create', '--code', INVITE, '--max-uses', '5'],
      ['import', writePaperFile(questions, MINUTES)],
    ],
  },
});

/** A datetime-local value in this machine's zone, to the second (the browser shares the zone). */
const localText = (ms: number) => {
  const text = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  return text.endsWith(':00') ? text.slice(0, 16) : text;
};

/**
 * What an institute does after a live test closes: a batch of 30 takes a 75-question paper with a
 * wrong key; the item analysis flags that question (and only it) for its key; the editor dry-runs the
 * correction from the flag, applies it and releases; the learners' ranks follow the corrected key; the
 * batch's teacher reads the leaderboard and the weakest topics and downloads the results workbook.
 */
test('after a live test closes, the item analysis finds the wrong key, the correction ranks the class, the teacher reads and exports it', async ({
  freshPage,
  server,
  mail,
}) => {
  test.setTimeout(240_000);
  const started = Date.now();
  const found: string[] = [];
  const check = async (page: Page, name: string) => {
    await screenshot(page, name);
    found.push(...(await axeCheck(page, name)));
  };
  const [admin, teacher] = await Promise.all([
    registerVerifiedLearner(server.url, mail, INVITE, 'Meera Iyer'),
    registerVerifiedLearner(server.url, mail, INVITE, 'Arjun Rao'),
  ]);
  server.cli(['users', 'grant', admin.email, '--role', 'admin']);
  server.cli(['users', 'grant', teacher.email, '--role', 'teacher']);
  const adminApi = apiAs(server.url, admin.session);

  const page = await freshPage();
  await signInWithTokens(page, admin.session);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Console' });

  // 1. The batch and its invite code; the class registers with it while the admin assigns the teacher.
  await nav.getByRole('link', { name: 'Batches' }).click();
  await page.getByRole('textbox', { name: 'New batch name' }).fill('Olympiad Batch');
  await page.getByRole('button', { name: 'Create batch' }).click();
  await expect(page.getByRole('heading', { name: 'Olympiad Batch' })).toBeVisible();
  const batchUrl = page.url();
  const batchId = batchUrl.split('/').at(-1)!;
  await nav.getByRole('link', { name: 'Invite codes' }).click();
  const form = page.getByRole('form', { name: 'New invite code' });
  await form.getByRole('combobox', { name: 'Batch' }).click();
  await page.getByRole('option', { name: 'Olympiad Batch' }).click();
  await form.getByRole('button', { name: 'Make code' }).click();
  const made = page.getByRole('status').filter({ hasText: /^Made / });
  await expect(made).toBeVisible();
  const code = /^Made (\S+)\.$/.exec((await made.textContent())!.trim())![1]!;
  const names = Array.from(
    { length: LEARNERS },
    (_, i) => `Olympiad Learner ${String(i + 1).padStart(2, '0')}`,
  );
  const registering = inPool(names, 10, (name) => registerVerifiedLearner(server.url, mail, code, name));

  await page.goto(batchUrl);
  const assign = page.getByRole('form', { name: 'Assign teachers by email' });
  await assign.getByRole('textbox', { name: 'Assign teachers by email' }).fill(teacher.email);
  await assign.getByRole('button', { name: 'Add' }).click();
  await expect(assign.getByRole('status')).toHaveText('Added.');
  const learners = await registering;
  await page.reload();
  await expect(page.getByRole('heading', { name: `Members (${LEARNERS})` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Teachers' })).toContainText(teacher.email);
  await check(page, 'analysis-batch');

  // 2. A live test for the batch, results released by hand, opening in a few seconds.
  await nav.getByRole('link', { name: 'Live tests' }).click();
  const opensAt = Math.ceil((Date.now() + 10_000) / 1000) * 1000;
  const closesAt = opensAt + MINUTES * 60_000 + 2_000;
  const schedule = page.getByRole('form', { name: 'Schedule live test' });
  await schedule.getByRole('textbox', { name: 'Module slug' }).fill(MODULE_SLUG);
  await schedule.getByRole('textbox', { name: 'Name (optional)' }).fill('Olympiad Round 1');
  await schedule.getByLabel('Opens').fill(localText(opensAt));
  await schedule.getByLabel('Closes').fill(localText(closesAt));
  await schedule.getByRole('textbox', { name: 'Batch ids (empty: every learner)' }).fill(batchId);
  await schedule.getByRole('combobox', { name: 'Results' }).click();
  await page.getByRole('option', { name: 'Released by hand after checking' }).click();
  await check(page, 'analysis-schedule');
  await schedule.getByRole('button', { name: 'Schedule live test' }).click();
  await expect(page.getByRole('heading', { name: 'Olympiad Round 1' })).toBeVisible();
  const testUrl = page.url();
  const testId = testUrl.split('/').at(-1)!;
  await expect(page.getByRole('group', { name: 'Progress' })).toContainText(`For${LEARNERS} learners`);

  // 3. The class sits it, ten at a time; three leave without submitting.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt - Date.now() + 300)));
  const sat = Date.now();
  const answers = await inPool(learners, 10, (learner, k) =>
    sitLiveTest(server.url, learner.session, testId, byText, {
      ability: (k + 0.5) / LEARNERS,
      seed: 7_000 + k,
      leaves: LEAVES.has(k),
    }),
  );
  console.log(`the class of ${LEARNERS} sat 75 questions in ${((Date.now() - sat) / 1000).toFixed(1)} s`);
  const onPlanted = answers.map((a) => a.get(planted.text) ?? null);
  const changes = onPlanted.filter((a) => a === planted.truth || a === planted.key).length;

  // 4. After the close (and the save grace), the item analysis over all 30, the left ones included.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, closesAt - Date.now() + 10_000)));
  await nav.getByRole('link', { name: 'Item analysis' }).click();
  const closed = page.getByRole('list', { name: 'Live tests' }).getByRole('listitem');
  // The sessions left open are completed by the server's sweep, within two of its intervals after the
  // grace (docs/decisions/0018-exam-day-arrival.md); the list counts them from then on.
  await expect(async () => {
    await page.reload();
    await expect(closed).toContainText(`${LEARNERS} takers`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000, intervals: [2_000] });
  await check(page, 'analysis-index');
  await closed.getByRole('link', { name: 'Olympiad Round 1' }).click();
  await expect(page.getByRole('heading', { name: 'Item analysis: Olympiad Round 1' })).toBeVisible();
  const figures = page.getByLabel('Test figures');
  await expect(figures).toContainText(`Takers${LEARNERS}`);
  await expect(figures).toContainText('Questions75');
  const table = page.getByRole('table', { name: 'Questions' });
  const rows = table.locator(':scope > tbody > tr');
  await expect(rows).toHaveCount(75);
  await expect(rows.first()).toContainText(planted.text);
  await expect(rows.first().getByText(/^Check the key: the top group chose "\d+"/)).toHaveText(
    new RegExp(`chose "${planted.truth}"`),
  );
  // The wrong key and no sound question: one check-key flag, one key-correction link.
  await expect(table.getByText(/^Check the key/)).toHaveCount(1);
  await expect(table.getByRole('link', { name: 'Review reports and correct the key' })).toHaveCount(1);
  await check(page, 'analysis-items');

  // The flag leads to the question's key correction: a dry run says who changes and by how much.
  await rows.first().getByRole('link', { name: 'Review reports and correct the key' }).click();
  await expect(page.getByRole('heading', { name: 'Reported question' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Correct the key' });
  await panel
    .getByRole('radiogroup', { name: 'The right option' })
    .getByRole('radio', { name: planted.truth, exact: true })
    .check();
  await panel
    .getByRole('textbox', { name: 'Reason' })
    .fill(`${planted.text} is ${planted.truth}: a typing slip.`);
  await panel.getByRole('button', { name: 'Dry run' }).click();
  const dry = panel.getByRole('region', { name: 'Dry run' });
  await expect(dry).toContainText('Dry run: nothing has changed yet.');
  await expect(dry).toContainText(
    `Key: ${planted.key} → ${planted.truth}. ${changes} of ${LEARNERS} completed sessions would change`,
  );
  const scoreRows = dry.getByRole('table', { name: 'Score changes' }).locator('tbody tr');
  await expect(scoreRows).toHaveCount(changes);
  // The able learner answered the truth: 5 marks up (−1 → +4); anyone who took the wrong key, 5 down.
  const able = LEARNERS - 1;
  expect(onPlanted[able]).toBe(planted.truth);
  await expect(scoreRows.filter({ hasText: learners[able]!.email })).toContainText('+5');
  const keyTakers = onPlanted.flatMap((a, k) => (a === planted.key ? [k] : []));
  for (const k of keyTakers)
    await expect(scoreRows.filter({ hasText: learners[k]!.email })).toContainText('-5');
  await check(page, 'analysis-key-dry-run');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await page
    .getByRole('dialog', { name: 'Apply this correction?' })
    .getByRole('button', { name: 'Apply correction' })
    .click();
  await expect(panel.getByRole('region', { name: 'Applied' })).toContainText(
    `Applied: ${changes} sessions rescored and their learners told.`,
  );

  // Released: the ranking follows at once.
  await page.goto(testUrl);
  await page.getByRole('button', { name: 'Release results' }).click();
  await expect(page.getByText(/^Olympiad Paper · Ranked ·/)).toBeVisible();
  await check(page, 'analysis-released');

  // 5. Every learner's rank and score follow the corrected key (competition ranking, ties share).
  const expected = answers.map((a) =>
    [...a].reduce((sum, [text, answer]) => sum + marksOf(answer, byText.get(text)!.truth), 0),
  );
  const standings = await inPool(learners, 10, async (learner) => {
    const ranking = await apiAs(server.url, learner.session)(`/v1/scheduled-tests/${testId}/ranking`);
    expect(ranking.status, ranking.message).toBe(200);
    return ranking.data.you as { rank: number; score: number; slug: string };
  });
  expect(standings.map((s) => s.score)).toEqual(expected);
  expect(standings.map((s) => s.rank)).toEqual(expected.map((x) => 1 + expected.filter((y) => y > x).length));
  // The able learner's result: the corrected key, its 4 marks, and the correction told (−1 → +4).
  const result = await apiAs(
    server.url,
    learners[able]!.session,
  )(`/v1/assessment/get-session/${standings[able]!.slug}`);
  expect(result.status, result.message).toBe(200);
  expect(result.data.assessment.score).toBe(expected[able]);
  const mine = (result.data.evaluations as { baseQuestion: { questionText: string } }[]).find(
    (e) => e.baseQuestion.questionText === planted.text,
  );
  expect(mine).toMatchObject({ userAnswer: planted.truth, score: 4 });
  expect(result.data.corrections).toMatchObject([{ kind: 'key', scoreBefore: -1, scoreAfter: 4 }]);
  const leaders = names.filter((_, k) => standings[k]!.rank === 1);

  // 6. The teacher reads their batch: the leaderboard, the weakest topics first; no other batch.
  const other = await adminApi('/v1/admin/batches', { name: 'Evening Batch' });
  expect(other.status, other.message).toBe(201);
  const outside = await apiAs(
    server.url,
    teacher.session,
  )(`/v1/admin/analytics/batches/${other.data.batch.id}`);
  expect(outside.status).toBe(404);
  const desk = await freshPage();
  await signInWithTokens(desk, teacher.session);
  await desk.goto('/admin');
  await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(desk.getByRole('combobox', { name: 'Batch' })).toHaveText(`Olympiad Batch (${LEARNERS})`);
  const board = desk.getByRole('table', { name: 'Leaderboard' }).locator('tbody tr');
  await expect(board).toHaveCount(LEARNERS);
  const top = (await board.first().textContent())!;
  expect(
    leaders.some((name) => top.includes(name)),
    top,
  ).toBe(true);
  const topics = desk.getByRole('table', { name: 'Topics' }).locator('tbody tr');
  await expect(topics).toHaveCount(9);
  const weakest = (await topics.first().locator('td').first().textContent())!;
  expect(
    HARDEST_TOPICS.some((t) => weakest.startsWith(t)),
    weakest,
  ).toBe(true);
  const strongest = (await topics.last().locator('td').first().textContent())!;
  expect(
    EASIEST_TOPICS.some((t) => strongest.startsWith(t)),
    strongest,
  ).toBe(true);
  await check(desk, 'analysis-teacher');

  // 7. The results workbook: one row per taker, best first, the ranking's rank and score.
  const [download] = await Promise.all([
    desk.waitForEvent('download'),
    desk.getByRole('button', { name: 'Results (Excel)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  expect(workbook.worksheets.map((w) => w.name)).toEqual(['All takers']);
  const sheet = workbook.getWorksheet('All takers')!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header.slice(0, 6)).toEqual(['Rank', 'Name', 'Email', 'Batch', 'Score', 'Out of']);
  const cells: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) cells.push((row.values as unknown[]).slice(1, 7));
  });
  const byRank = learners
    .map((l, k) => [standings[k]!.rank, names[k], l.email, 'Olympiad Batch', standings[k]!.score, 300])
    .sort((a, b) => Number(a[0]) - Number(b[0]));
  expect(cells).toHaveLength(LEARNERS);
  expect(cells.map((c) => c[0])).toEqual(byRank.map((r) => r[0]));
  expect(new Set(cells.map((c) => JSON.stringify(c)))).toEqual(new Set(byRank.map((r) => JSON.stringify(r))));

  expect(found, found.join('\n')).toEqual([]);
  console.log(`item-analysis day: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
