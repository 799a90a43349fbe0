import type { MistakesData, ReviewSummaryData, SessionData } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type UsedTestApp } from './helpers/app.js';
import {
  insertCatalogue,
  optionQuestions,
  save,
  startSession,
  submit,
  subjectQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

/**
 * The review queue holds real mistakes (docs/decisions/0016-honest-tutor-and-real-mistakes.md): what
 * was answered wrong, guessed (marked for review), or opened and left blank — never a question the
 * learner did not reach; and at most REVIEW_NEW_CARDS_PER_DAY new cards enter in any 24 hours.
 */

const QUESTIONS = 8;

async function setUp(t: UsedTestApp): Promise<TestCatalogue> {
  return insertCatalogue(t.app.db, {
    subjects: [
      { name: 'Physics', questionCount: QUESTIONS, questions: optionQuestions('Physics', QUESTIONS) },
    ],
  });
}

const byText = (s: SessionData, n: number) =>
  s.evaluation.find((e) => e.baseQuestion.questionText === `Physics question ${n}`)!._id;
const right = (n: number) => `Physics ${n} right`;
const wrong = (n: number) => `Physics ${n} wrong a`;

async function queued(t: UsedTestApp, who: TestLearner): Promise<[string, string][]> {
  const r = await t.app.db.execute(sql`
    SELECT q.text, c.last_outcome FROM review_cards c JOIN questions q ON q.id = c.question_id
    WHERE c.user_id = ${who.id} ORDER BY q.text`);
  return (r.rows as { text: string; last_outcome: string }[]).map((row) => [row.text, row.last_outcome]);
}

async function get<T>(t: UsedTestApp, who: TestLearner, url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: T }).data;
}

describe('what a completed test puts in the review queue', () => {
  const t = useTestApp();
  let c: TestCatalogue;
  beforeAll(async () => {
    c = await setUp(t);
  });

  it('wrong, guessed and opened-but-blank questions; not the right ones, nor those never reached', async () => {
    const learner = await createLearner(t.app);
    const s = await startSession(t.app, learner, subjectQuiz(c));
    const put = async (n: number, body: { userAnswer?: string; markedForReview?: boolean }) =>
      expect((await save(t.app, learner, { evaluationId: byText(s, n), ...body })).statusCode).toBe(200);
    await put(1, { userAnswer: right(1) });
    await put(2, { userAnswer: wrong(2) });
    await put(3, { userAnswer: right(3), markedForReview: true }); // right, but not sure
    await put(4, { markedForReview: true }); // marked, left blank
    // 5 opened and left blank (reported by the submit); 6–8 never reached.
    const opened = [1, 2, 3, 4, 5].map((n) => byText(s, n));
    expect((await submit(t.app, learner, s.assessment.slug, opened)).statusCode).toBe(200);

    expect(await queued(t, learner)).toEqual([
      ['Physics question 2', 'incorrect'],
      ['Physics question 3', 'correct'],
      ['Physics question 4', 'unattempted'],
      ['Physics question 5', 'unattempted'],
    ]);
    const notebook = await get<MistakesData>(t, learner, `/api/v1/mistakes?examSlug=${c.exam.slug}`);
    expect(notebook.total).toBe(4);

    // The notebook keeps 'wrong' apart from 'not attempted' (and from guesses).
    const kind = async (k: string) =>
      (await get<MistakesData>(t, learner, `/api/v1/mistakes?kind=${k}`)).mistakes.map((m) => m.questionText);
    expect(await kind('wrong')).toEqual(['Physics question 2']);
    expect((await kind('unattempted')).sort()).toEqual(['Physics question 4', 'Physics question 5']);
    expect(await kind('guess')).toEqual(['Physics question 3']);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mistakes?kind=all',
      headers: learner.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a test submitted without a report of visits: blank questions with no save, mark or time stay out', async () => {
    const learner = await createLearner(t.app);
    const s = await startSession(t.app, learner, subjectQuiz(c));
    expect(
      (await save(t.app, learner, { evaluationId: byText(s, 1), userAnswer: wrong(1) })).statusCode,
    ).toBe(200);
    // Answered, then cleared: the learner was there (time spent on it).
    await save(t.app, learner, { evaluationId: byText(s, 2), userAnswer: wrong(2), timeSpentSeconds: 30 });
    await save(t.app, learner, { evaluationId: byText(s, 2), userAnswer: '' });
    expect((await submit(t.app, learner, s.assessment.slug)).statusCode).toBe(200);
    expect(await queued(t, learner)).toEqual([
      ['Physics question 1', 'incorrect'],
      ['Physics question 2', 'unattempted'],
    ]);
  });

  it('ignores reported ids of another session', async () => {
    const learner = await createLearner(t.app);
    const other = await startSession(t.app, learner, { ...subjectQuiz(c), type: 'practice' });
    const s = await startSession(t.app, learner, subjectQuiz(c));
    const res = await submit(t.app, learner, s.assessment.slug, [byText(other, 1), 'not-an-id']);
    expect(res.statusCode).toBe(200);
    expect(await queued(t, learner)).toEqual([]);
  });
});

describe('the daily limit of new cards', () => {
  const t = useTestApp({ REVIEW_NEW_CARDS_PER_DAY: '3' });
  let c: TestCatalogue;
  beforeAll(async () => {
    c = await setUp(t);
  });

  it('lets 3 of 8 new mistakes in today, the rest waiting; a review session asks only those', async () => {
    const learner = await createLearner(t.app);
    const s = await startSession(t.app, learner, subjectQuiz(c));
    for (let n = 1; n <= QUESTIONS; n++)
      await save(t.app, learner, { evaluationId: byText(s, n), userAnswer: wrong(n) });
    expect((await submit(t.app, learner, s.assessment.slug)).statusCode).toBe(200);
    await t.app.db.execute(
      sql`UPDATE review_cards SET due = now() - interval '1 hour' WHERE user_id = ${learner.id}`,
    );

    const summary = await get<ReviewSummaryData>(
      t,
      learner,
      `/api/v1/review/summary?examSlug=${c.exam.slug}`,
    );
    expect(summary).toMatchObject({ dueNow: 3, total: 8, waitingNew: 5 });

    const review = await startSession(t.app, learner, {
      examSlug: c.exam.slug,
      quizType: 'review',
      type: 'practice',
    });
    expect(review.evaluation).toHaveLength(3);
    // Checking them introduces them: the day's allowance is used up, the other five still wait.
    for (const e of review.evaluation) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/evaluations/${e._id}/check`,
        headers: learner.headers,
        payload: { userAnswer: e.baseQuestion.options[1], confidence: 'unsure' },
      });
      expect(res.statusCode).toBe(200);
    }
    await t.app.db.execute(
      sql`UPDATE review_cards SET due = now() - interval '1 hour' WHERE user_id = ${learner.id}`,
    );
    const after = await get<ReviewSummaryData>(t, learner, `/api/v1/review/summary?examSlug=${c.exam.slug}`);
    expect(after).toMatchObject({ dueNow: 3, waitingNew: 5 });
  });
});
