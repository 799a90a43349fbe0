import type { MistakesData, ReviewSummaryData, SessionData } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { createEmptyCard, fsrs, Rating, type Card } from 'ts-fsrs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dueQuestionIds } from '../src/services/review/due.js';
import { useTestApp } from './helpers/app.js';
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
import { parseEvaluationId } from '../src/services/quiz/session-ids.js';

// docs/product.md#review-queue review queue: what a completed quiz puts in it (FSRS due dates as ts-fsrs computes
// them), the summary counts, the mistakes notebook, "I've got this", and a later answer as a review.
let c: TestCatalogue;
let a: TestLearner;
let b: TestLearner;
const f = fsrs({ enable_fuzz: false });

const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    subjects: [
      {
        name: 'Physics',
        questionCount: 6,
        topics: [{ name: 'Mechanics' }, { name: 'Optics' }],
        questions: [...optionQuestions('Mechanics', 3, 0), ...optionQuestions('Optics', 3, 1)],
      },
      { name: 'Chemistry', questionCount: 2, questions: 2 },
    ],
  });
  a = await createLearner(t.app);
  b = await createLearner(t.app);
});

/** Takes the Physics quiz: `answers` by question text; 'right', 'wrong' or absent (left blank). */
async function takePhysics(
  who: TestLearner,
  answers: Record<string, 'right' | 'wrong'>,
): Promise<SessionData> {
  const s = await startSession(t.app, who, subjectQuiz(c));
  for (const e of s.evaluation) {
    const how = answers[e.baseQuestion.questionText];
    if (!how) continue;
    const [topic, n] = e.baseQuestion.questionText.split(' question ');
    const userAnswer = how === 'right' ? `${topic} ${n} right` : `${topic} ${n} wrong a`;
    expect((await save(t.app, who, { evaluationId: e._id, userAnswer })).statusCode).toBe(200);
  }
  // Every question was opened: the blank ones are "visited and left unanswered".
  const opened = s.evaluation.map((e) => e._id);
  expect((await submit(t.app, who, s.assessment.slug, opened)).statusCode).toBe(200);
  return s;
}

interface CardRow {
  question_id: string;
  text: string;
  due: Date | string;
  last_answered_at: Date | string;
  reps: number;
  state: number;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  lapses: number;
  last_review: Date | string | null;
  last_outcome: string;
  dismissed_at: Date | string | null;
}
async function cardsOf(who: TestLearner): Promise<CardRow[]> {
  const r = await t.app.db.execute(sql`
    SELECT c.*, q.text FROM review_cards c JOIN questions q ON q.id = c.question_id
    WHERE c.user_id = ${who.id} ORDER BY q.text`);
  return r.rows as unknown as CardRow[];
}
const toCard = (r: CardRow): Card => ({
  due: new Date(r.due),
  stability: Number(r.stability),
  difficulty: Number(r.difficulty),
  elapsed_days: Number(r.elapsed_days),
  scheduled_days: Number(r.scheduled_days),
  learning_steps: Number(r.learning_steps),
  reps: Number(r.reps),
  lapses: Number(r.lapses),
  state: Number(r.state),
  last_review: r.last_review ? new Date(r.last_review) : undefined,
});

async function get<T>(who: TestLearner, url: string): Promise<{ status: number; data: T; message: string }> {
  const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
  const body = res.json() as { data: T; message: string };
  return { status: res.statusCode, data: body.data, message: body.message };
}
/** "Today" for a learner whose clock reads noon now, so a card due in minutes is due today. */
const noonOffset = () => {
  const now = new Date();
  return now.getUTCHours() * 60 + now.getUTCMinutes() - 720;
};
const makeAllDue = (who: TestLearner) =>
  t.app.db.execute(sql`UPDATE review_cards SET due = now() - interval '1 hour' WHERE user_id = ${who.id}`);

describe('the review queue', () => {
  it('a completed quiz queues its wrong and blank answers, due when ts-fsrs says, and counts them', async () => {
    await takePhysics(a, {
      'Mechanics question 1': 'right',
      'Mechanics question 2': 'wrong',
      'Optics question 1': 'wrong',
      'Optics question 2': 'right',
    });
    const cards = await cardsOf(a);
    expect(cards.map((r) => [r.text, r.last_outcome])).toEqual([
      ['Mechanics question 2', 'incorrect'],
      ['Mechanics question 3', 'unattempted'],
      ['Optics question 1', 'incorrect'],
      ['Optics question 3', 'unattempted'],
    ]);
    for (const card of cards) {
      const at = new Date(card.last_answered_at);
      const expected = f.next(createEmptyCard(at), at, Rating.Again).card;
      expect(new Date(card.due).toISOString()).toBe(expected.due.toISOString());
      expect(Number(card.stability)).toBeCloseTo(expected.stability, 6);
    }

    // Relearning takes a minute: due today, not yet now.
    const soon = await get<ReviewSummaryData>(a, `/api/v1/review/summary?tzOffsetMinutes=${noonOffset()}`);
    expect(soon.status).toBe(200);
    expect(soon.data).toMatchObject({ dueNow: 0, dueToday: 4, total: 4 });

    await makeAllDue(a);
    const due = await get<ReviewSummaryData>(a, `/api/v1/review/summary?examSlug=${c.exam.slug}`);
    expect(due.data).toMatchObject({ dueNow: 4, dueToday: 4, total: 4, exam: { slug: c.exam.slug } });
    expect(due.data.subjects).toEqual([
      expect.objectContaining({ subject: expect.objectContaining({ name: 'Physics' }), dueNow: 4, total: 4 }),
    ]);
    // Another learner's queue is their own: empty.
    expect((await get<ReviewSummaryData>(b, '/api/v1/review/summary')).data).toMatchObject({
      dueNow: 0,
      total: 0,
      subjects: [],
    });
    expect((await get(a, '/api/v1/review/summary?examSlug=no-such-exam')).status).toBe(404);
  });

  it('due questions come interleaved across topics, at most the limit', async () => {
    const ids = await dueQuestionIds(t.app.db, a.id, c.exam.id, 20);
    const topicOf = new Map(
      (await cardsOf(a)).map((r) => [r.question_id, r.text.startsWith('Mechanics') ? 'M' : 'O']),
    );
    expect(ids).toHaveLength(4);
    const topics = ids.map((id) => topicOf.get(id));
    expect(topics[0]).not.toBe(topics[1]);
    expect(topics[2]).not.toBe(topics[3]);
    expect(await dueQuestionIds(t.app.db, a.id, c.exam.id, 3)).toHaveLength(3);
    expect(await dueQuestionIds(t.app.db, b.id, c.exam.id, 20)).toEqual([]);
  });

  it('the notebook lists them with the last answer, the key and the explanation; filters and pages', async () => {
    const all = await get<MistakesData>(a, '/api/v1/mistakes');
    expect(all.status).toBe(200);
    expect(all.data.total).toBe(4);
    const wrong = all.data.mistakes.find((m) => m.questionText === 'Mechanics question 2');
    expect(wrong).toMatchObject({
      yourAnswer: 'Mechanics 2 wrong a',
      keyText: 'Mechanics 2 right',
      correctOptions: ['Mechanics 2 right'],
      explanation: 'Because Mechanics 2.',
      outcome: 'incorrect',
      topic: { name: 'Mechanics' },
      subject: { name: 'Physics' },
      exam: { slug: c.exam.slug },
      reviews: 0,
    });
    expect(all.data.mistakes.find((m) => m.questionText === 'Optics question 3')).toMatchObject({
      yourAnswer: null,
      outcome: 'unattempted',
    });
    // "Ask AI tutor" explains the last answer where it was given: that session's evaluation.
    const at = parseEvaluationId(wrong!.evaluationId!)!;
    const asked = await t.app.db.execute(sql`
      SELECT user_id, question_ids[${at.position + 1}] AS question_id, session_completed
      FROM assessments WHERE id = ${at.sessionId}::uuid`);
    expect(asked.rows).toEqual([{ user_id: a.id, question_id: wrong!.questionId, session_completed: true }]);

    const mechanics = c.subjects[0]!.topics[0]!.slug;
    const filtered = await get<MistakesData>(a, `/api/v1/mistakes?topicSlug=${mechanics}`);
    expect(filtered.data.mistakes.map((m) => m.questionText).sort()).toEqual([
      'Mechanics question 2',
      'Mechanics question 3',
    ]);
    const chemistry = await get<MistakesData>(a, `/api/v1/mistakes?subjectSlug=${c.subjects[1]!.slug}`);
    expect(chemistry.data.total).toBe(0);

    const page1 = await get<MistakesData>(a, '/api/v1/mistakes?limit=3&page=1');
    const page2 = await get<MistakesData>(a, '/api/v1/mistakes?limit=3&page=2');
    expect([page1.data.mistakes.length, page2.data.mistakes.length, page2.data.total]).toEqual([3, 1, 4]);
    const seen = new Set([...page1.data.mistakes, ...page2.data.mistakes].map((m) => m.questionId));
    expect(seen.size).toBe(4);

    expect((await get<MistakesData>(b, '/api/v1/mistakes')).data.total).toBe(0);
    expect((await get(a, '/api/v1/mistakes?topicSlug=nowhere')).status).toBe(404);
    expect((await get(a, '/api/v1/mistakes?limit=500')).status).toBe(400);
  });

  it('"I\'ve got this" takes a question out; another learner\'s or an unknown one is a 404', async () => {
    const [first] = await cardsOf(a);
    const url = `/api/v1/mistakes/${first!.question_id}/dismiss`;
    expect((await t.app.inject({ method: 'POST', url, headers: b.headers })).statusCode).toBe(404);
    const unknown = `/api/v1/mistakes/00000000-0000-4000-8000-000000000000/dismiss`;
    expect((await t.app.inject({ method: 'POST', url: unknown, headers: a.headers })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url, headers: a.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { questionId: first!.question_id } });

    expect((await get<MistakesData>(a, '/api/v1/mistakes')).data.total).toBe(3);
    expect((await get<ReviewSummaryData>(a, '/api/v1/review/summary')).data.total).toBe(3);
    expect(await dueQuestionIds(t.app.db, a.id, c.exam.id, 20)).not.toContain(first!.question_id);
  });

  it('a later answer is a review that reschedules the card; a wrong one brings a dismissed card back', async () => {
    const before = new Map((await cardsOf(a)).map((r) => [r.text, r]));
    await takePhysics(a, {
      'Mechanics question 2': 'wrong', // dismissed above (first by text): back in the queue
      'Mechanics question 3': 'right',
      'Optics question 1': 'right',
      'Mechanics question 1': 'right', // right, no card: stays out
    });
    const after = new Map((await cardsOf(a)).map((r) => [r.text, r]));
    expect(after.has('Mechanics question 1')).toBe(false);
    // Right the first time, blank now: a blank answer queues it.
    expect(after.get('Optics question 2')?.last_outcome).toBe('unattempted');
    expect(after.get('Mechanics question 2')?.dismissed_at).toBeNull();
    for (const [text, rating] of [
      ['Mechanics question 2', Rating.Again],
      ['Mechanics question 3', Rating.Good],
      ['Optics question 1', Rating.Good],
      ['Optics question 3', Rating.Again],
    ] as const) {
      const old = before.get(text)!;
      const now = after.get(text)!;
      const at = new Date(now.last_answered_at);
      const expected = f.next(toCard(old), at, rating).card;
      expect(Number(now.reps), text).toBe(2);
      expect(new Date(now.due).toISOString(), text).toBe(expected.due.toISOString());
    }
    expect((await get<MistakesData>(a, '/api/v1/mistakes')).data.total).toBe(5);
  });
});
