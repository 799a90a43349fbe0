import { itemAnalysisData, type ItemAnalysisData } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { answerLikeAClass, insertBatch, seeded } from './helpers/analysis.js';
import { insertCatalogue, optionQuestions, submit, type TestCatalogue } from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { closeTest, scheduleOpenTest, startLive } from './helpers/live-tests.js';

// docs/item-analysis.md: a class of 30 sits a ten-question live test in which one question carries a
// wrong key; five never submit and the server completes them at the close. The analysis flags that
// question and no sound one; the exports list every taker, a teacher only their batches'.
const t = useTestApp();
let c: TestCatalogue;
let testId: string;
let planted: string;
let admin: TestLearner;
let editor: TestLearner;
let teacher: TestLearner;
let class30: TestLearner[];
let batchA: { id: string; name: string };
let batchB: { id: string; name: string };

const get = (headers: Record<string, string> | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
const analysisUrl = (id: string) => `/api/v1/admin/scheduled-tests/${id}/item-analysis`;

beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 10, durationMinutes: 30 },
    subjects: [
      {
        name: 'Physics',
        questionCount: 6,
        topics: [{ name: 'Waves' }],
        questions: optionQuestions('Phy', 6, 0),
      },
      { name: 'Chemistry', questionCount: 4, questions: optionQuestions('Che', 4) },
    ],
  });
  testId = await scheduleOpenTest(t.app.db, c);
  // The planted mistake: "Phy 3"'s key names a wrong option.
  planted = c.subjects[0]!.questionIds[2]!;
  await t.app.db.execute(sql`
    UPDATE questions SET key = '{"type":"single","answer":"Phy 3 wrong a"}'::jsonb, answer = 'Phy 3 wrong a'
    WHERE id = ${planted}::uuid`);
  [admin, editor, teacher] = [
    await createStaff(t.app, 'admin'),
    await createStaff(t.app, 'editor'),
    await createStaff(t.app, 'teacher'),
  ];
  const random = seeded(20261128);
  const difficulty = (right: string) => 0.2 + ((Number(/(\d+) right$/.exec(right)![1]) * 7) % 6) / 10;
  class30 = [];
  for (let k = 0; k < 30; k += 1) {
    const learner = await createLearner(t.app, { name: `Learner ${String(k).padStart(2, '0')}` });
    const res = await startLive(t.app, learner, c, testId);
    expect(res.statusCode).toBe(201);
    await answerLikeAClass(t.app, learner, res.json().data, (k + 0.5) / 30, difficulty, random);
    // Five leave without submitting: the server completes them at the close.
    if (k % 6 !== 5)
      expect((await submit(t.app, learner, res.json().data.assessment.slug)).statusCode).toBe(200);
    class30.push(learner);
  }
  batchA = await insertBatch(t.app.db, class30.slice(0, 10), [teacher]);
  batchB = await insertBatch(t.app.db, class30.slice(5, 15));
  await closeTest(t.app.db, testId);
  await t.app.liveTests.rankDue();
}, 120_000);

const analysis = async (): Promise<ItemAnalysisData> => {
  const res = await get(editor.headers, analysisUrl(testId));
  expect(res.statusCode).toBe(200);
  return itemAnalysisData.parse(res.json().data);
};

describe('item analysis of a live test', () => {
  it('counts every taker, those the server completed included', async () => {
    const data = await analysis();
    expect(data.scope).toMatchObject({ kind: 'live-test', id: testId, moduleSlug: c.module.slug });
    expect(data.test).toMatchObject({ takers: 30, items: 10, groupSize: 8 });
    expect(data.items.every((i) => i.takers === 30)).toBe(true);
    expect(data.test.reliability?.method).toBe('kr20');
    expect(data.test.sd).toBeGreaterThan(0);
  });

  it('flags the wrong key on that question and on no sound one, and lists it first', async () => {
    const data = await analysis();
    const checkKey = data.items.filter((i) => i.flags.some((f) => f.code === 'check-key'));
    expect(checkKey.map((i) => i.questionId)).toEqual([planted]);
    const bad = data.items[0]!;
    expect(bad.questionId).toBe(planted);
    expect(bad.key).toBe('Phy 3 wrong a');
    // The strong pick the true answer the key calls wrong: negative discrimination.
    expect(bad.discrimination!).toBeLessThan(0);
    expect(bad.flags.map((f) => f.code)).toContain('negative-discrimination');
    const trueAnswer = bad.options.find((o) => o.option === 'Phy 3 right')!;
    const key = bad.options.find((o) => o.key)!;
    expect(trueAnswer.top).toBeGreaterThan(key.top);
    expect(bad.flags.find((f) => f.code === 'check-key')!.message).toMatch(/^Check the key/);
    // The sound items discriminate the right way round.
    for (const sound of data.items.filter((i) => i.questionId !== planted))
      expect(sound.discrimination!).toBeGreaterThan(0);
  });

  it('raises the open-reports flag while a learner report is open', async () => {
    const sound = c.subjects[1]!.questionIds[0]!;
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/v1/questions/${sound}/reports`,
      headers: class30[0]!.headers,
      payload: { reason: 'typo' },
    });
    expect(report.statusCode).toBeLessThan(300);
    const item = (await analysis()).items.find((i) => i.questionId === sound)!;
    expect(item.openReports).toBe(1);
    expect(item.flags.map((f) => f.code)).toContain('open-reports');
  });

  it('comes as CSV with one line per question and the test figures', async () => {
    const res = await get(admin.headers, `${analysisUrl(testId)}.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".*item-analysis\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Number,Question id,Subject,Topic,Type,Question,Key,Takers,Facility p/);
    expect(lines.filter((l) => /^\d+,/.test(l))).toHaveLength(10);
    expect(lines).toContain('Takers,30');
    expect(lines.find((l) => l.includes(planted))).toMatch(/Check the key/);
  });

  it('is for editors and admins only: 401, 403, 404', async () => {
    expect((await get(undefined, analysisUrl(testId))).statusCode).toBe(401);
    expect((await get(class30[0]!.headers, analysisUrl(testId))).statusCode).toBe(403);
    expect((await get(teacher.headers, analysisUrl(testId))).statusCode).toBe(403);
    expect((await get(teacher.headers, `${analysisUrl(testId)}.csv`)).statusCode).toBe(403);
    const missing = await get(editor.headers, analysisUrl('00000000-0000-4000-8000-000000000000'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Live test not found', data: null });
    expect((await get(editor.headers, analysisUrl('not-a-uuid'))).statusCode).toBe(400);
  });
});

const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));

describe('results exports', () => {
  const resultsUrl = (ext: string) => `/api/v1/admin/scheduled-tests/${testId}/results.${ext}`;

  it('CSV: every taker ranked, with marks per subject and counts', async () => {
    const res = await get(editor.headers, resultsUrl('csv'));
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'Rank',
      'Name',
      'Email',
      'Batch',
      'Score',
      'Out of',
      'Percentile',
      'Physics marks',
      'Chemistry marks',
      'Correct',
      'Incorrect',
      'Unattempted',
      'Time (s)',
    ]);
    expect(rows).toHaveLength(30);
    const ranking = (
      await t.app.db.execute(sql`
      SELECT u.email, r.rank, r.score FROM live_test_rankings r JOIN users u ON u.id = r.user_id
      WHERE r.test_id = ${testId}::uuid`)
    ).rows as { email: string; rank: number; score: number }[];
    for (const row of rows) {
      const stored = ranking.find((r) => r.email === row[2])!;
      expect([Number(row[0]), Number(row[4])]).toEqual([Number(stored.rank), Number(stored.score)]);
      // Subject marks add up to the score; the counts to the ten questions.
      expect(Number(row[7]) + Number(row[8])).toBe(Number(row[4]));
      expect(Number(row[9]) + Number(row[10]) + Number(row[11])).toBe(10);
    }
  });

  it('a teacher gets only their batches’ learners; a test none of them took is 404', async () => {
    const res = await get(teacher.headers, resultsUrl('csv'));
    expect(res.statusCode).toBe(200);
    const [, ...rows] = csvRows(res.body);
    expect(rows.map((r) => r[2]).sort()).toEqual(
      class30
        .slice(0, 10)
        .map((l) => l.email)
        .sort(),
    );
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set([batchA.name]));
    const stranger = await createStaff(t.app, 'teacher');
    expect((await get(stranger.headers, resultsUrl('csv'))).statusCode).toBe(404);
    expect((await get(stranger.headers, resultsUrl('xlsx'))).statusCode).toBe(404);
    expect((await get(class30[1]!.headers, resultsUrl('xlsx'))).statusCode).toBe(403);
    expect((await get(undefined, resultsUrl('xlsx'))).statusCode).toBe(401);
  });

  it('XLSX: a sheet of every taker and one per batch, holding the same figures as the CSV', async () => {
    const res = await get(admin.headers, resultsUrl('xlsx'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names = workbook.worksheets.map((w) => w.name);
    expect(names).toEqual(['All takers', ...[batchA.name, batchB.name].sort()]);
    const all = workbook.getWorksheet('All takers')!;
    expect(all.rowCount).toBe(31);
    expect(all.getRow(1).getCell(1).value).toBe('Rank');
    const csv = csvRows((await get(admin.headers, resultsUrl('csv'))).body).slice(1);
    const first = all.getRow(2);
    expect(first.getCell(1).value).toBe(1);
    expect(first.getCell(3).value).toBe(csv[0]![2]);
    expect(first.getCell(5).value).toBe(Number(csv[0]![4]));
    expect(typeof first.getCell(7).value).toBe('number');
    // Batch B's sheet: its ten members (five of them also in batch A).
    const sheetB = workbook.getWorksheet(batchB.name)!;
    expect(sheetB.rowCount).toBe(11);
    const emails = Array.from({ length: 10 }, (_, i) => String(sheetB.getRow(i + 2).getCell(3).value));
    expect(emails.sort()).toEqual(
      class30
        .slice(5, 15)
        .map((l) => l.email)
        .sort(),
    );
  });
});
