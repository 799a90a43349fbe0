import { itemAnalysisData, type ItemAnalysisData } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeLiveTestItemAnalysis } from '../src/services/analysis/item-analysis.js';
import { scheduleTest } from '../src/services/live-tests/schedule.js';
import { useTestApp } from './helpers/app.js';
import { answerLikeAClass, seeded } from './helpers/analysis.js';
import { insertCatalogue, optionQuestions, submit, type TestCatalogue } from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { closeAllTests, closeTest, startLive, takeLive } from './helpers/live-tests.js';

// docs/item-analysis.md#when-it-is-computed: a live test's item analysis is stored by the ranking job
// at the close, with the figures a read computed while the test ran; a key correction and a dropped
// question recompute it; a re-open for one learner removes it until their new attempt is in.
const t = useTestApp();
let c: TestCatalogue;
let editor: TestLearner;

const analysisUrl = (id: string) => `/api/v1/admin/scheduled-tests/${id}/item-analysis`;
const analysis = async (testId: string): Promise<ItemAnalysisData> => {
  const res = await t.app.inject({ method: 'GET', url: analysisUrl(testId), headers: editor.headers });
  expect(res.statusCode, res.body).toBe(200);
  return itemAnalysisData.parse(res.json().data);
};
const storedRow = async (testId: string) =>
  (
    await t.app.db.execute(sql`
      SELECT analysis::text AS analysis, to_json(computed_at)#>>'{}' AS computed_at
      FROM live_test_item_analyses WHERE test_id = ${testId}::uuid`)
  ).rows[0] as { analysis: string; computed_at: string } | undefined;
/** What the stored row holds is what computing afresh gives now. */
const expectCurrent = async (testId: string) => {
  const row = (await storedRow(testId))!;
  expect(JSON.parse(row.analysis)).toEqual(
    JSON.parse(JSON.stringify(await computeLiveTestItemAnalysis(t.app.db, testId))),
  );
  return row;
};
const correct = (questionId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/questions/${questionId}/key-corrections`,
    headers: editor.headers,
    payload: { reason: 'Checked against the textbook', ...payload },
  });

beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 6, durationMinutes: 30 },
    subjects: [
      { name: 'Physics', questionCount: 3, questions: optionQuestions('Phy', 3) },
      { name: 'Chemistry', questionCount: 3, questions: optionQuestions('Che', 3) },
    ],
  });
  editor = await createStaff(t.app, 'editor');
}, 60_000);

describe('a test held for release, re-opened for one learner', () => {
  it('is analysed at the close, removed by the re-open, and analysed again after the new attempt', async () => {
    const admin = await createStaff(t.app, 'admin');
    const now = Date.now();
    const testId = (
      await scheduleTest(t.app.db, {
        moduleSlug: c.module.slug,
        opensAt: new Date(now - 60_000),
        closesAt: new Date(now + 3600_000),
        release: 'manual',
      })
    ).id;
    const [cut, steady] = [await createLearner(t.app), await createLearner(t.app)];
    await takeLive(t.app, cut, c, testId, 1);
    const done = await takeLive(t.app, steady, c, testId, 4);
    await submit(t.app, steady, done.assessment.slug);
    await closeTest(t.app.db, testId);

    // Held: not ranked, but analysed, for the checking before the release.
    expect(await t.app.liveTests.rankDue()).not.toContain(testId);
    await expectCurrent(testId);
    expect((await analysis(testId)).test.takers).toBe(2);

    const reopen = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/scheduled-tests/${testId}/reopen`,
      headers: admin.headers,
      payload: { email: cut.email, reason: 'Power cut at the centre', minutes: 30 },
    });
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect(await storedRow(testId)).toBeUndefined();
    // Read meanwhile: computed, without the interrupted attempt.
    expect((await analysis(testId)).test.takers).toBe(1);
    await t.app.liveTests.rankDue();
    expect(await storedRow(testId)).toBeUndefined();

    const again = await takeLive(t.app, cut, c, testId, 5);
    await submit(t.app, cut, again.assessment.slug);
    await t.app.db.execute(sql`
      UPDATE scheduled_tests SET extended_until = now() - interval '20 seconds' WHERE id = ${testId}::uuid`);
    await t.app.liveTests.rankDue();
    await expectCurrent(testId);
    const data = await analysis(testId);
    expect([data.test.takers, data.test.mean]).toEqual([2, (4 * 4 + 5 * 4) / 2]);

    // The release ranks it; the analysis stands (the sessions are the same).
    const release = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/scheduled-tests/${testId}/release`,
      headers: admin.headers,
    });
    expect(release.statusCode, release.body).toBe(200);
    await expectCurrent(testId);
    expect((await analysis(testId)).test.takers).toBe(2);
  });
});

describe('a test ranked at the close', () => {
  let testId: string;
  let planted: string;
  let whileOpen: ItemAnalysisData;

  beforeAll(async () => {
    // The held test above was released: its paper is back in circulation once its window is over.
    await closeAllTests(t.app.db);
    const now = Date.now();
    testId = (
      await scheduleTest(t.app.db, {
        moduleSlug: c.module.slug,
        opensAt: new Date(now - 60_000),
        closesAt: new Date(now + 3600_000),
      })
    ).id;
    // "Phy 2"'s key names a wrong option; the class answers by the true one.
    planted = c.subjects[0]!.questionIds[1]!;
    await t.app.db.execute(sql`
      UPDATE questions SET key = '{"type":"single","answer":"Phy 2 wrong a"}'::jsonb, answer = 'Phy 2 wrong a'
      WHERE id = ${planted}::uuid`);
    const random = seeded(20261128);
    for (let k = 0; k < 12; k += 1) {
      const learner = await createLearner(t.app);
      const res = await startLive(t.app, learner, c, testId);
      expect(res.statusCode).toBe(201);
      await answerLikeAClass(t.app, learner, res.json().data, (k + 0.5) / 12, () => 0.5, random);
      expect((await submit(t.app, learner, res.json().data.assessment.slug)).statusCode).toBe(200);
    }
    whileOpen = await analysis(testId);
    await closeTest(t.app.db, testId);
  }, 120_000);

  it('is computed on read while the test runs, and stored by the ranking with the same figures', async () => {
    expect(await storedRow(testId)).toBeUndefined();
    expect(whileOpen.test.takers).toBe(12);
    expect(await t.app.liveTests.rankDue()).toContain(testId);
    await expectCurrent(testId);
    expect(await analysis(testId)).toEqual(whileOpen);
  });

  it('is computed again when a key correction rescores the takers', async () => {
    const before = (await storedRow(testId))!;
    const flagged = whileOpen.items.find((i) => i.questionId === planted)!;
    expect(flagged.flags.map((f) => f.code)).toContain('check-key');
    const res = await correct(planted, { answer: 'Phy 2 right' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await expectCurrent(testId);
    expect(Date.parse(after.computed_at)).toBeGreaterThanOrEqual(Date.parse(before.computed_at));
    const fixed = (await analysis(testId)).items.find((i) => i.questionId === planted)!;
    expect(fixed.key).toBe('Phy 2 right');
    expect(fixed.flags.map((f) => f.code)).not.toContain('check-key');
    expect(fixed.facility!).toBeGreaterThan(flagged.facility!);
  });

  it('and when a question is dropped: right for everyone', async () => {
    const dropped = c.subjects[1]!.questionIds[2]!;
    const res = await correct(dropped, { drop: true });
    expect(res.statusCode, res.body).toBe(200);
    await expectCurrent(testId);
    const item = (await analysis(testId)).items.find((i) => i.questionId === dropped)!;
    expect(item).toMatchObject({ dropped: true, facility: 1 });
  });

  it('a dry run leaves it as it was', async () => {
    const before = (await storedRow(testId))!;
    const res = await correct(c.subjects[1]!.questionIds[0]!, { answer: 'Che 1 wrong b', dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedRow(testId)).toEqual(before);
  });
});
