import {
  batchAnalytics,
  batchTestAnalytics,
  analyticsLiveTests,
  itemAnalysisData,
  type BatchAnalytics,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isFalling } from '../src/services/analysis/batch-analytics.js';
import { useTestApp } from './helpers/app.js';
import { insertBatch } from './helpers/analysis.js';
import {
  answerKey,
  insertCatalogue,
  moduleTest,
  optionQuestions,
  save,
  startSession,
  submit,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { closeAllTests, closeTest, scheduleOpenTest, takeLive } from './helpers/live-tests.js';

// docs/item-analysis.md#batch-analytics: three live tests in a row; Pia falls from first to last, Quinn
// rises, Ravi stopped a while ago, Sana never came. Xavi took the last test and is in no batch.
const t = useTestApp();
let c: TestCatalogue;
let [pia, quinn, ravi, sana, xavi]: TestLearner[] = [];
let teacher: TestLearner;
let batch: { id: string; name: string };
const tests: string[] = [];

const get = (who: TestLearner | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, ...(who ? { headers: who.headers } : {}) });

/** Right answers per test (the rest of four wrong); score = 4·right − (4 − right). */
const plan: [TestLearner | undefined, number[]][] = [];

beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 4, durationMinutes: 30 },
    subjects: [
      {
        name: 'Physics',
        questionCount: 2,
        topics: [{ name: 'Waves' }],
        questions: optionQuestions('Phy', 2, 0),
      },
      {
        name: 'Chemistry',
        questionCount: 2,
        topics: [{ name: 'Bonds' }],
        questions: optionQuestions('Che', 2, 0),
      },
    ],
  });
  [pia, quinn, ravi, sana, xavi] = [
    await createLearner(t.app, { name: 'Pia' }),
    await createLearner(t.app, { name: 'Quinn' }),
    await createLearner(t.app, { name: 'Ravi' }),
    await createLearner(t.app, { name: 'Sana' }),
    await createLearner(t.app, { name: 'Xavi' }),
  ];
  teacher = await createStaff(t.app, 'teacher');
  batch = await insertBatch(t.app.db, [pia!, quinn!, ravi!, sana!], [teacher]);
  plan.push([pia, [4, 2, 0]], [quinn, [2, 4, 4]], [ravi, [0, 0, 2]]);
  for (let round = 0; round < 3; round += 1) {
    await closeAllTests(t.app.db);
    const id = await scheduleOpenTest(t.app.db, c);
    tests.push(id);
    for (const [who, rights] of plan) {
      const s = await takeLive(t.app, who!, c, id, rights[round]!, 4 - rights[round]!);
      await submit(t.app, who!, s.assessment.slug);
    }
    if (round === 2) await submit(t.app, xavi!, (await takeLive(t.app, xavi!, c, id, 3, 1)).assessment.slug);
    await closeTest(t.app.db, id);
    await t.app.liveTests.rankDue();
    // Each test closes a day after the one before, so the trend has an order.
    await t.app.db.execute(
      sql`UPDATE scheduled_tests SET closes_at = now() - make_interval(days => ${3 - round}::int) WHERE id = ${id}::uuid`,
    );
  }
  await t.app.review.drainHistory();
  // Ravi's last attempt was ten days ago.
  await t.app.db.execute(sql`
    UPDATE assessments SET end_time = now() - interval '10 days', completed_at = now() - interval '10 days'
    WHERE user_id = ${ravi!.id}::uuid`);
}, 120_000);

const overview = async (who: TestLearner): Promise<BatchAnalytics> => {
  const res = await get(who, `/api/v1/admin/analytics/batches/${batch.id}`);
  expect(res.statusCode).toBe(200);
  return batchAnalytics.parse(res.json().data);
};

describe('batch analytics', () => {
  it("each learner's percentile across the live tests, the falling and the inactive first", async () => {
    const data = await overview(teacher);
    expect(data.batch).toMatchObject({ id: batch.id, memberCount: 4 });
    const by = Object.fromEntries(data.learners.map((l) => [l.name, l]));
    // Test 1: Pia 16, Quinn 6, Ravi −4 of three → 100, 66.67, 33.33; test 2: Quinn 16, Pia 6, Ravi −4;
    // test 3 (Xavi 11 too): Quinn 16, Xavi 11, Ravi 6, Pia −4 → Pia 25.
    expect(by.Pia!.trend.map((p) => Math.round(p.percentile * 100) / 100)).toEqual([100, 66.67, 25]);
    expect(by.Pia!.trend.map((p) => p.testId)).toEqual(tests);
    expect(by.Pia).toMatchObject({ falling: true, inactive: false });
    expect(by.Quinn).toMatchObject({ falling: false, inactive: false });
    expect(by.Ravi).toMatchObject({ falling: false, inactive: true });
    expect(by.Sana).toMatchObject({ falling: false, inactive: true, trend: [], lastAttemptAt: null });
    expect(data.learners.slice(0, 3).map((l) => l.name)).toEqual(['Pia', 'Ravi', 'Sana']);
  });

  it('accuracy by subject and topic, weakest first, over the members’ answers only', async () => {
    const data = await overview(teacher);
    const answered = data.subjects.reduce((n, s) => n + s.answered, 0);
    // Three members, three tests, four answers each (Xavi is in no batch).
    expect(answered).toBe(36);
    expect(data.subjects.reduce((n, s) => n + s.correct, 0)).toBe(4 + 2 + 0 + 2 + 4 + 0 + 0 + 4 + 2);
    const accuracies = data.subjects.map((s) => s.accuracyPercent);
    expect(accuracies).toEqual([...accuracies].sort((a, b) => a - b));
    expect(data.topics.map((x) => x.name).sort()).toEqual(['Bonds', 'Waves']);
    expect(data.topics.find((x) => x.name === 'Bonds')!.subject).toBe('Chemistry');
    expect(data.subjects.every((s) => s.averageSeconds > 0)).toBe(true);
  });

  it("a live test's leaderboard within the batch: ranks among all takers and in the batch", async () => {
    const res = await get(teacher, `/api/v1/admin/analytics/batches/${batch.id}/live-tests/${tests[2]}`);
    expect(res.statusCode).toBe(200);
    const data = batchTestAnalytics.parse(res.json().data);
    expect(data.test).toMatchObject({ id: tests[2], takers: 4, maxScore: 16 });
    expect(data.leaderboard.map((r) => [r.name, r.batchRank, r.rank, r.score])).toEqual([
      ['Quinn', 1, 1, 16],
      ['Ravi', 2, 3, 6],
      ['Pia', 3, 4, -4],
    ]);
    expect(data.absent.map((a) => a.name)).toEqual(['Sana']);
    expect(data.distribution.reduce((n, b) => n + b.count, 0)).toBe(3);
  });

  it('lists the live tests a teacher’s learners took', async () => {
    const res = await get(teacher, '/api/v1/admin/analytics/live-tests');
    expect(res.statusCode).toBe(200);
    const mine = analyticsLiveTests.parse(res.json().data).tests.filter((x) => tests.includes(x.id));
    expect(mine.map((x) => [x.id, x.takers])).toEqual([
      [tests[2], 3],
      [tests[1], 3],
      [tests[0], 3],
    ]);
    const stranger = await createStaff(t.app, 'teacher');
    const theirs = analyticsLiveTests.parse(
      (await get(stranger, '/api/v1/admin/analytics/live-tests')).json().data,
    );
    expect(theirs.tests).toEqual([]);
  });

  it('a teacher sees only their batches: 401, 403, 404', async () => {
    const url = `/api/v1/admin/analytics/batches/${batch.id}`;
    expect((await get(undefined, url)).statusCode).toBe(401);
    expect((await get(pia, url)).statusCode).toBe(403);
    expect((await get(await createStaff(t.app, 'editor'), url)).statusCode).toBe(403);
    const other = await createStaff(t.app, 'teacher');
    await insertBatch(t.app.db, [xavi!], [other]);
    expect((await get(other, url)).statusCode).toBe(404);
    expect((await get(other, `${url}/live-tests/${tests[2]}`)).statusCode).toBe(404);
    expect((await get(other, `/api/v1/admin/analytics/live-tests?batchId=${batch.id}`)).statusCode).toBe(404);
    expect((await get(teacher, `${url}/live-tests/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(
      404,
    );
    expect((await get(await createStaff(t.app, 'admin'), url)).statusCode).toBe(200);
  });

  it('falling means the last three percentiles each lower than the one before', () => {
    expect(isFalling([90, 80, 70])).toBe(true);
    expect(isFalling([50, 90, 80, 70])).toBe(true);
    expect(isFalling([90, 80, 80])).toBe(false);
    expect(isFalling([80, 70])).toBe(false);
  });
});

describe("item analysis of a module: learners' first attempts", () => {
  it('reads each learner’s first ordinary mock test only', async () => {
    await closeAllTests(t.app.db);
    const editor = await createStaff(t.app, 'editor');
    const takers = [await createLearner(t.app), await createLearner(t.app), await createLearner(t.app)];
    for (const [i, who] of takers.entries()) {
      for (let attempt = 0; attempt < (i === 0 ? 2 : 1); attempt += 1) {
        const s = await startSession(t.app, who, moduleTest(c));
        const keys = await answerKey(t.app.db, s.assessment._id);
        // A second attempt (all right) is not a first attempt: it does not count.
        for (const e of s.evaluation.slice(0, attempt === 1 ? 4 : i + 1))
          await save(t.app, who, {
            evaluationId: e._id,
            userAnswer: keys.get(e._id)!.answer,
            timeSpentSeconds: 40,
          });
        expect((await submit(t.app, who, s.assessment.slug)).statusCode).toBe(200);
      }
    }
    const url = `/api/v1/admin/modules/${c.module.slug}/item-analysis`;
    const res = await get(editor, url);
    expect(res.statusCode).toBe(200);
    const data = itemAnalysisData.parse(res.json().data);
    expect(data.scope).toMatchObject({ kind: 'module', moduleSlug: c.module.slug });
    expect(data.test.takers).toBe(3);
    expect(data.items).toHaveLength(4);
    // Answers right: 1, 2 and 3 of four → mean score 4·(1 + 2 + 3)/3 = 8.
    expect(data.test.mean).toBe(8);
    const csv = await get(editor, `${url}.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Takers,3');
    expect((await get(teacher, url)).statusCode).toBe(403);
    expect((await get(editor, '/api/v1/admin/modules/no-such-module/item-analysis')).statusCode).toBe(404);
  });
});
