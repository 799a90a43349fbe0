import { checkAnswerData, practiceMessages, type SessionData } from '@ai-tutor/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { performanceRecords, questionAttempts, questions, reviewCards } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import {
  insertCatalogue,
  optionQuestions,
  save,
  startSession,
  subjectQuiz,
  submit,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

/** Review and adaptive sessions (docs/product.md#mastery-and-adaptive-sessions): what a start accepts and what it draws. */
let c: TestCatalogue;
let learner: TestLearner;
const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    examName: 'Review Exam',
    subjects: [
      {
        name: 'Optics',
        questionCount: 8,
        topics: [{ name: 'Lenses' }, { name: 'Mirrors' }],
        questions: [...optionQuestions('Lens', 4, 0), ...optionQuestions('Mirror', 4, 1)],
      },
      { name: 'Heat', topics: [{ name: 'Calorimetry' }], questions: optionQuestions('Heat', 4, 0) },
    ],
  });
  learner = await createLearner(t.app);
});

const create = (payload: object, who: TestLearner = learner) =>
  t.app.inject({ method: 'POST', url: '/api/v1/assessment', headers: who.headers, payload });

describe('starting review and adaptive sessions', () => {
  it('refuses bodies that do not fit the quiz type (400)', async () => {
    const cases = [
      // A subject quiz still needs its module; a time limit is for review and adaptive only.
      { examSlug: c.exam.slug, quizType: 'subject', subjectSlug: c.subjects[0]!.slug },
      {
        examSlug: c.exam.slug,
        quizType: 'subject',
        moduleSlug: c.module.slug,
        subjectSlug: c.subjects[0]!.slug,
        timeLimitMinutes: 10,
      },
      // An adaptive subject needs its module.
      { examSlug: c.exam.slug, quizType: 'adaptive', subjectSlug: c.subjects[0]!.slug },
      { examSlug: c.exam.slug, quizType: 'review', timeLimitMinutes: 0 },
      { examSlug: c.exam.slug, quizType: 'review', type: 'exam' },
    ];
    for (const payload of cases)
      expect((await create(payload)).statusCode, JSON.stringify(payload)).toBe(400);
  });

  it('answers 409 with a clear message when nothing is due for review', async () => {
    const fresh = await createLearner(t.app);
    const res = await create({ examSlug: c.exam.slug, quizType: 'review' }, fresh);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: practiceMessages.nothingDue('Review Exam'), data: null });
  });

  it('answers 404 for an unknown exam or a module of another exam', async () => {
    expect((await create({ examSlug: 'no-such-exam', quizType: 'review' })).statusCode).toBe(404);
    const res = await create({ examSlug: c.exam.slug, quizType: 'adaptive', moduleSlug: 'no-such-module' });
    expect(res.statusCode).toBe(404);
  });

  it('accepts the type "quiz" (docs/api.md#quiz-sessions) as a timed session', async () => {
    const res = await create({
      examSlug: c.exam.slug,
      quizType: 'subject',
      moduleSlug: c.module.slug,
      subjectSlug: c.subjects[1]!.slug,
      type: 'quiz',
      startAfresh: true,
    });
    expect(res.statusCode).toBe(201);
    expect((res.json().data as SessionData).assessment).toMatchObject({ mode: 'timed', timed: true });
  });
});

/** Every question of a timed Optics quiz answered wrong and submitted: all eight enter the queue. */
async function missEverything(who: TestLearner): Promise<SessionData> {
  const s = await startSession(t.app, who, subjectQuiz(c, 0));
  for (const e of s.evaluation) {
    const wrong = e.baseQuestion.options.find((o) => !o.endsWith('right'))!;
    expect((await save(t.app, who, { evaluationId: e._id, userAnswer: wrong })).statusCode).toBe(200);
  }
  expect((await submit(t.app, who, s.assessment.slug)).statusCode).toBe(200);
  return s;
}
/** FSRS's first learning step is a minute: move the learner's cards to due now instead of waiting. */
const makeDue = (who: TestLearner) =>
  t.app.db
    .update(reviewCards)
    .set({ due: sql`now() - interval '1 minute'` })
    .where(eq(reviewCards.userId, who.id));
const topicOf = async (questionText: string) =>
  (await t.app.db.select().from(questions).where(eq(questions.text, questionText)))[0]!.topicId;

describe('a review session', () => {
  it('asks the due questions of the exam, interleaved across topics, untimed, outside the records', async () => {
    const who = await createLearner(t.app);
    await missEverything(who);
    const recordsBefore = await t.app.db
      .select()
      .from(performanceRecords)
      .where(eq(performanceRecords.userId, who.id));
    await makeDue(who);

    const res = await create({ examSlug: c.exam.slug, quizType: 'review' }, who);
    expect(res.statusCode).toBe(201);
    const review = res.json().data as SessionData;
    expect(review.assessment).toMatchObject({
      quizType: 'review',
      mode: 'review',
      timed: false,
      examModule: null,
      subject: null,
      totalQuestions: 8,
    });
    expect(review.assessment.sessionName).toMatch(/^Review Exam Review · /);
    const texts = review.evaluation.map((e) => e.baseQuestion.questionText);
    expect(new Set(texts)).toEqual(
      new Set([...Array(4)].flatMap((_, i) => [`Lens question ${i + 1}`, `Mirror question ${i + 1}`])),
    );
    // Interleaved: no two neighbours share a topic (four of each).
    const topics = await Promise.all(texts.map(topicOf));
    for (let i = 1; i < topics.length; i++) expect(topics[i]).not.toBe(topics[i - 1]);
    // Starting it again answers the same running review.
    const again = await create({ examSlug: c.exam.slug, quizType: 'review' }, who);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.assessment.slug).toBe(review.assessment.slug);

    // A check reschedules its question at once, as a review answer with its confidence.
    const first = review.evaluation[0]!;
    const right = first.baseQuestion.options.find((o) => o.endsWith('right'))!;
    const checked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/evaluations/${first._id}/check`,
      headers: who.headers,
      payload: { userAnswer: right, confidence: 'sure' },
    });
    expect(checkAnswerData.parse(checked.json().data).correct).toBe(true);
    const questionId = (
      await t.app.db.select().from(questions).where(eq(questions.text, first.baseQuestion.questionText))
    )[0]!.id;
    const attemptsOf = () =>
      t.app.db
        .select()
        .from(questionAttempts)
        .where(
          and(eq(questionAttempts.userId, who.id), eq(questionAttempts.assessmentId, review.assessment._id)),
        );
    expect((await attemptsOf()).map((a) => [a.questionId, a.sessionKind, a.outcome, a.confidence])).toEqual([
      [questionId, 'review', 'correct', 'sure'],
    ]);
    const [card] = await t.app.db
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, who.id), eq(reviewCards.questionId, questionId)));
    expect(card!.due.getTime()).toBeGreaterThan(Date.now());

    // Completion records the other seven under the review kind, the checked one not twice; no records.
    expect((await submit(t.app, who, review.assessment.slug)).statusCode).toBe(200);
    const recorded = await attemptsOf();
    expect(recorded).toHaveLength(8);
    expect(recorded.filter((a) => a.questionId === questionId)).toHaveLength(1);
    expect(new Set(recorded.map((a) => a.sessionKind))).toEqual(new Set(['review']));
    const recordsAfter = await t.app.db
      .select()
      .from(performanceRecords)
      .where(eq(performanceRecords.userId, who.id));
    expect(recordsAfter).toEqual(recordsBefore);
  });

  it('counts a right answer after the worked solution as a guess in the queue', async () => {
    const who = await createLearner(t.app);
    await missEverything(who);
    await makeDue(who);
    const review = (await create({ examSlug: c.exam.slug, quizType: 'review' }, who)).json()
      .data as SessionData;
    const first = review.evaluation[0]!;
    for (const level of [1, 2, 3, 4]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/evaluations/${first._id}/hint`,
        headers: who.headers,
        payload: { level },
      });
      expect(res.statusCode).toBe(200);
    }
    const right = first.baseQuestion.options.find((o) => o.endsWith('right'))!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/evaluations/${first._id}/check`,
      headers: who.headers,
      payload: { userAnswer: right, confidence: 'sure' },
    });
    // The learner is told what they said; the queue records a guess.
    expect(checkAnswerData.parse(res.json().data).evaluation.confidence).toBe('sure');
    const [attempt] = await t.app.db
      .select()
      .from(questionAttempts)
      .where(eq(questionAttempts.assessmentId, review.assessment._id));
    expect(attempt).toMatchObject({ outcome: 'correct', confidence: 'guess' });
  });

  it('is timed when given timeLimitMinutes, and holds at most 20 questions', async () => {
    const who = await createLearner(t.app);
    await missEverything(who);
    await makeDue(who);
    const res = await create({ examSlug: c.exam.slug, quizType: 'review', timeLimitMinutes: 15 }, who);
    expect(res.statusCode).toBe(201);
    const a = (res.json().data as SessionData).assessment;
    expect(a).toMatchObject({ mode: 'review', timed: true, totalTime: 15 });
    expect((Date.parse(a.deadline) - Date.parse(a.startTime)) / 60_000).toBeCloseTo(15, 3);
    expect(a.totalQuestions).toBeLessThanOrEqual(20);
  });
});

describe('an adaptive session', () => {
  it('draws only from the subject or module it is given', async () => {
    const who = await createLearner(t.app);
    const heat = await create(
      {
        examSlug: c.exam.slug,
        quizType: 'adaptive',
        moduleSlug: c.module.slug,
        subjectSlug: c.subjects[1]!.slug,
        type: 'practice',
      },
      who,
    );
    expect(heat.statusCode).toBe(201);
    const s = heat.json().data as SessionData;
    expect(s.assessment).toMatchObject({ quizType: 'adaptive', mode: 'practice', timed: false });
    expect(s.evaluation.length).toBe(4);
    for (const e of s.evaluation) expect(e.baseQuestion.questionText).toMatch(/^Heat question/);

    const whole = await create({ examSlug: c.exam.slug, quizType: 'adaptive' }, who);
    expect(whole.statusCode).toBe(201);
    const w = whole.json().data as SessionData;
    // Timed by default (two minutes a question), at most ten, exam-wide; the running Heat practice
    // keeps its questions out of the draw.
    expect(w.assessment).toMatchObject({ mode: 'timed', timed: true, totalTime: 20, examModule: null });
    expect(w.evaluation).toHaveLength(8);
    for (const e of w.evaluation) expect(e.baseQuestion.questionText).not.toMatch(/^Heat/);
  });
});
