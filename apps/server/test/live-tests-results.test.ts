import {
  availableAtOf,
  liveTestMessages,
  rankingData,
  resultData,
  reviewSummaryData,
  sessionData,
  submitAssessmentData,
  type PerformanceRecord,
  type RankingData,
  type SessionData,
} from '@ai-tutor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { rankingNotReady } from '../src/services/live-tests/result-gate.js';
import { correctKey } from '../src/services/quiz/key-corrections.js';
import { useTestApp } from './helpers/app.js';
import { answerKey, insertCatalogue, save, submit, type TestCatalogue } from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import {
  closeAllTests,
  closeTest,
  listLive,
  rankingOf,
  scheduleOpenTest,
  startLive,
  takeLive,
} from './helpers/live-tests.js';

// docs/product.md#live-test-rules: nothing of a live test's result before it closes; then one ranking with NTA
// percentiles, the top 10 %'s figures, and re-ranking after a key correction.
let c: TestCatalogue;
const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 3, durationMinutes: 30 },
    subjects: [
      { name: 'Physics', questions: 2 },
      { name: 'Chemistry', questions: 1 },
    ],
  });
});

const get = (who: TestLearner, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
const moduleRecord = async (who: TestLearner) => {
  const res = await get(who, '/api/v1/user-records');
  const records = (res.json() as { data: { data: PerformanceRecord[] } }).data.data;
  return records.find((r) => r.examModule?.slug === c.module.slug);
};
const ranking = async (who: TestLearner, id: string): Promise<RankingData> => {
  const res = await rankingOf(t.app, who, id);
  expect(res.statusCode).toBe(200);
  return rankingData.parse(res.json().data);
};

describe('before the close', () => {
  it('shows no score, key or explanation anywhere, and says when results open', async () => {
    const id = await scheduleOpenTest(t.app.db, c);
    const learner = await createLearner(t.app);
    const s = await takeLive(t.app, learner, c, id, 3);

    const submitted = await submit(t.app, learner, s.assessment.slug);
    expect(submitted.statusCode).toBe(200);
    const { assessment } = submitAssessmentData.parse(submitted.json().data);
    expect(assessment.sessionCompleted).toBe(true);
    expect(assessment.score).toBeNull();
    expect(assessment.liveTest).toMatchObject({ id, resultsReady: false });

    const session = await get(learner, `/api/v1/assessment/session/${s.assessment.slug}`);
    expect(sessionData.parse(session.json().data).assessment.score).toBeNull();
    expect(session.body).not.toMatch(/"score":\d/);

    const result = await get(learner, `/api/v1/assessment/get-session/${s.assessment.slug}`);
    expect(result.statusCode).toBe(409);
    expect(result.json().message).toMatch(/^Results open at .* UTC, when the live test closes\.$/);
    expect(availableAtOf(result.json())!.getTime()).toBeGreaterThan(Date.now() + 3600_000);
    expect(result.body).not.toContain('right');

    const explain = await t.app.inject({
      method: 'POST',
      url: `/api/v1/evaluations/${s.evaluation[0]!._id}/explain`,
      headers: learner.headers,
    });
    expect(explain.statusCode).toBe(409);
    expect(availableAtOf(explain.json())).not.toBeNull();

    // Nor can a post about the attempt be drafted: it would state the score.
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/post/generate',
      headers: learner.headers,
      payload: { assessmentSlug: s.assessment.slug },
    });
    expect(post.statusCode).toBe(409);

    const early = await rankingOf(t.app, learner, id);
    expect(early.statusCode).toBe(409);
    expect(availableAtOf(early.json())).not.toBeNull();

    const list = await listLive(t.app, learner, c.exam.slug);
    expect(list.live.find((x) => x.id === id)?.you).toEqual({ state: 'submitted', slug: s.assessment.slug });
    // Nor do the performance records count it yet: they would show the score.
    expect(await moduleRecord(learner)).toBeUndefined();
  });
});

describe('between the close and the ranking', () => {
  it('says results open after the save grace, then asks to come back in a few seconds', () => {
    const closesAt = new Date('2026-12-01T10:00:00Z');
    const inGrace = rankingNotReady(closesAt, closesAt.getTime() + 3000);
    expect(inGrace.statusCode).toBe(409);
    expect(inGrace.availableAt?.toISOString()).toBe('2026-12-01T10:00:10.000Z');
    const computing = rankingNotReady(closesAt, closesAt.getTime() + 12_000);
    expect(computing.message).toBe(liveTestMessages.rankingInProgress);
    expect(computing.availableAt?.toISOString()).toBe('2026-12-01T10:00:17.000Z');
  });
});

describe('at the close', () => {
  it('ranks with shared ranks for ties and NTA percentiles to two decimals', async () => {
    const id = await scheduleOpenTest(t.app.db, c);
    const [a, b, low, outsider] = await Promise.all([1, 2, 3, 4].map(() => createLearner(t.app)));
    const sa = await takeLive(t.app, a!, c, id, 3); // 12
    const sb = await takeLive(t.app, b!, c, id, 3); // 12
    const sl = await takeLive(t.app, low!, c, id, 1); // 4
    for (const [who, s] of [
      [a!, sa],
      [b!, sb],
      [low!, sl],
    ] as const)
      await submit(t.app, who, s.assessment.slug);
    await closeTest(t.app.db, id);
    await t.app.liveTests.rankDue();

    const ra = await ranking(a!, id);
    const rb = await ranking(b!, id);
    const rl = await ranking(low!, id);
    expect([ra.you!.rank, rb.you!.rank, rl.you!.rank]).toEqual([1, 1, 3]);
    expect([ra.you!.percentileText, rb.you!.percentileText, rl.you!.percentileText]).toEqual([
      '100.00',
      '100.00',
      '33.33',
    ]);
    expect(ra.takers).toBe(3);
    expect(ra.maxScore).toBe(12);
    expect(rl.you).toMatchObject({ score: 4, maxScore: 12, slug: sl.assessment.slug, rankChanged: null });
    // The distribution counts everyone once and marks the learner's bucket.
    expect(rl.distribution.reduce((n, bucket) => n + bucket.count, 0)).toBe(3);
    expect(rl.distribution.filter((bucket) => bucket.yours)).toEqual([expect.objectContaining({ count: 1 })]);
    // Top 10 % of three is one place: rank 1, which two share.
    expect(ra.topTenPercent).toEqual({ takers: 2, averageScore: 12, minScore: 12 });
    expect(ra.subjects.map((s) => [s.name, s.questions, s.topTenPercent.accuracyPercent])).toEqual([
      ['Physics', 2, 100],
      ['Chemistry', 1, 100],
    ]);
    expect(ra.subjects[0]!.topTenPercent.averageSecondsPerQuestion).toBe(30);
    expect(ra.subjects[0]!.you).toEqual({ accuracyPercent: 100, averageSecondsPerQuestion: 30 });

    // Someone who did not take it sees the figures without "you".
    const other = await ranking(outsider!, id);
    expect(other.you).toBeNull();
    expect(other.subjects[0]!.you).toBeNull();

    // Now the result opens, with its score; the list shows the rank and the trend the percentile.
    const result = await get(low!, `/api/v1/assessment/get-session/${sl.assessment.slug}`);
    expect(result.statusCode).toBe(200);
    const data = resultData.parse(result.json().data);
    expect(data.assessment.score).toBe(4);
    expect(data.assessment.liveTest?.resultsReady).toBe(true);
    expect(data.practicePercentile).toBeUndefined();
    const list = await listLive(t.app, low!, c.exam.slug);
    expect(list.past.find((x) => x.id === id)?.you).toMatchObject({
      state: 'ranked',
      rank: 3,
      takers: 3,
      percentileText: '33.33',
    });
    expect(list.trend.at(-1)).toMatchObject({ testId: id, percentileText: '33.33', rank: 3, takers: 3 });
  });

  it('completes sessions never submitted and ranks them with the rest', async () => {
    // An open paper's questions are left out of the review counts: close the earlier tests, and rank
    // them now, so that the ranking below is this test's.
    await closeAllTests(t.app.db);
    while ((await t.app.liveTests.rankDue()).length > 0);
    const id = await scheduleOpenTest(t.app.db, c);
    const quiet = await createLearner(t.app);
    const keen = await createLearner(t.app);
    const sq = await takeLive(t.app, quiet, c, id, 1); // never submitted: 4 when completed at the close
    // The two left blank were opened (marked for review), so they are mistakes, not questions unseen.
    for (const e of sq.evaluation.slice(1))
      expect((await save(t.app, quiet, { evaluationId: e._id, markedForReview: true })).statusCode).toBe(200);
    const sk = await takeLive(t.app, keen, c, id, 2); // 8
    await submit(t.app, keen, sk.assessment.slug);
    // Until the ranking, no review card tells a taker what they missed (docs/product.md#live-test-rules).
    const reviewTotal = async (who: TestLearner) =>
      reviewSummaryData.parse((await get(who, '/api/v1/review/summary')).json().data).total;
    expect(await reviewTotal(keen)).toBe(0);
    await closeTest(t.app.db, id);
    expect(await t.app.liveTests.rankDue()).toContain(id);
    // Ranked: the two questions the quiet taker left enter their review queue, once.
    await t.app.review.drainHistory();
    expect(await reviewTotal(quiet)).toBe(2);
    await t.app.liveTests.rankDue();
    await t.app.review.drainHistory();
    expect(await reviewTotal(quiet)).toBe(2);
    const rq = await ranking(quiet, id);
    expect(rq.you).toMatchObject({ rank: 2, score: 4, percentileText: '50.00' });
    expect(rq.takers).toBe(2);
    // Ranked once: another tick changes nothing.
    expect(await t.app.liveTests.rankDue()).not.toContain(id);
    // Now the records count it, once.
    expect(await moduleRecord(quiet)).toMatchObject({ attempt: 1, lastAttemptScore: 4 });
  });
});

describe('a key correction after the ranking', () => {
  it('re-ranks the test and tells each moved taker their rank before and after', async () => {
    const id = await scheduleOpenTest(t.app.db, c);
    const first = await createLearner(t.app);
    const second = await createLearner(t.app);
    const take = async (who: TestLearner, wrongOn: string | null): Promise<SessionData> => {
      const res = await startLive(t.app, who, c, id);
      const s = (res.json() as { data: SessionData }).data;
      const keys = await answerKey(t.app.db, s.assessment._id);
      for (const e of s.evaluation) {
        const key = keys.get(e._id)!;
        const answer = e.baseQuestion.questionText === wrongOn ? 'Chemistry 1 wrong a' : key.answer;
        await save(t.app, who, { evaluationId: e._id, userAnswer: answer });
      }
      await submit(t.app, who, s.assessment.slug);
      return s;
    };
    await take(first, null); // 12
    await take(second, 'Chemistry question 1'); // 4 + 4 − 1 = 7
    await closeTest(t.app.db, id);
    await t.app.liveTests.rankDue();
    expect((await ranking(second, id)).you?.rank).toBe(2);

    // The key was wrong: the option the second learner chose is the right one.
    await correctKey(t.app.db, t.app.quizHooks, {
      questionId: c.subjects[1]!.questionIds[0]!,
      key: { type: 'single', answer: 'Chemistry 1 wrong a' },
      reason: 'The key named the wrong option',
      operator: 'test',
    });
    const after = await ranking(second, id);
    expect(after.you).toMatchObject({ rank: 1, score: 12 });
    expect(after.you?.rankChanged).toMatchObject({
      rankBefore: 2,
      rankAfter: 1,
      scoreBefore: 7,
      scoreAfter: 12,
      percentileBefore: 50,
      percentileAfter: 100,
    });
    const firstAfter = await ranking(first, id);
    expect(firstAfter.you).toMatchObject({ rank: 2, score: 7 });
    expect(firstAfter.you?.rankChanged).toMatchObject({ rankBefore: 1, rankAfter: 2 });
  });
});
