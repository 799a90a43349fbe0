import {
  checkAnswerData,
  practiceMessages,
  quizMessages,
  sessionData,
  type CreateAssessmentBody,
  type SessionData,
} from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments, performanceRecords } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import {
  fetchResult,
  insertCatalogue,
  save,
  startSession,
  subjectQuiz,
  submit,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

/** Practice sessions (docs/product.md#practice-and-review-sessions): untimed, a check per question that locks it, no records. */
let c: TestCatalogue;
let learner: TestLearner;
let other: TestLearner;
const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    subjects: [
      {
        name: 'Optics',
        questionCount: 3,
        questions: [
          {
            text: 'Which forms a real image?',
            options: ['convex lens', 'plane mirror', 'window pane'],
            answer: 'convex lens',
            explanation: 'A converging lens brings rays to a real focus.',
          },
          {
            text: 'Speed of light in km/s (thousands)?',
            key: { type: 'numerical', min: 299, max: 300, value: null },
          },
          { text: 'Name the bending of light at a boundary', answer: 'refraction', explanation: null },
        ],
      },
    ],
  });
  learner = await createLearner(t.app);
  other = await createLearner(t.app);
});

const practice = (): CreateAssessmentBody => ({ ...subjectQuiz(c, 0), type: 'practice' });
const check = (id: string, payload: object, who: TestLearner = learner) =>
  t.app.inject({ method: 'POST', url: `/api/v1/evaluations/${id}/check`, headers: who.headers, payload });
const byText = (s: SessionData, prefix: string) =>
  s.evaluation.find((e) => e.baseQuestion.questionText.startsWith(prefix))!;
const readSession = async (slug: string, who: TestLearner = learner) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/assessment/session/${slug}`,
    headers: who.headers,
  });
  expect(res.statusCode).toBe(200);
  return sessionData.parse(res.json().data);
};

describe('a practice session', () => {
  it('is untimed: says so, and its deadline is days away for the sweep only', async () => {
    const s = await startSession(t.app, learner, practice());
    expect(s.assessment.mode).toBe('practice');
    expect(s.assessment.timed).toBe(false);
    const days = (Date.parse(s.assessment.deadline) - Date.parse(s.assessment.startTime)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    // Its questions carry the practice fields, unchecked: no key, no explanation.
    for (const e of s.evaluation) expect(e).toMatchObject({ locked: false, hintsGiven: 0, feedback: null });
    expect(JSON.stringify(s)).not.toContain('converging');
  });

  it('has its own running-attempt scope beside a timed quiz, but draws none of its questions', async () => {
    const timed = await startSession(t.app, learner, subjectQuiz(c, 0));
    expect(timed.assessment).toMatchObject({ mode: 'timed', timed: true });
    // The timed quiz holds all three: a practice Check would show their keys while it runs.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assessment',
      headers: learner.headers,
      payload: { ...practice(), startAfresh: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: quizMessages.scopeInRunningTest('Optics'), data: null });
    expect((await submit(t.app, learner, timed.assessment.slug)).statusCode).toBe(200);
    expect((await startSession(t.app, learner, practice())).assessment.mode).toBe('practice');
  });

  it('checks an answer: right/wrong, the key and the explanation, then locks it', async () => {
    const s = await startSession(t.app, learner, practice());
    const lens = byText(s, 'Which forms');
    // A wrong answer locks when the learner asks for the solution (decision 0016).
    const res = await check(lens._id, { userAnswer: 'plane mirror', confidence: 'sure', reveal: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(practiceMessages.checked);
    const data = checkAnswerData.parse(res.json().data);
    expect(data).toEqual({
      correct: false,
      outcome: 'Incorrect',
      score: -1,
      maxScore: 4,
      key: { baseAnswer: 'convex lens', correctOptions: ['convex lens'] },
      explanation: 'A converging lens brings rays to a real focus.',
      evaluation: {
        _id: lens._id,
        userAnswer: 'plane mirror',
        status: 'answered',
        markedForReview: false,
        locked: true,
        confidence: 'sure',
      },
    });

    // Locked: a later save to it is refused with a message; a second check too.
    const again = await save(t.app, learner, { evaluationId: lens._id, userAnswer: 'convex lens' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: practiceMessages.answerLocked, data: null });
    const twice = await check(lens._id, { confidence: 'sure' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(practiceMessages.alreadyChecked);
    // Other questions still save.
    const numeric = byText(s, 'Speed of light');
    expect((await save(t.app, learner, { evaluationId: numeric._id, userAnswer: '299.8' })).statusCode).toBe(
      200,
    );

    // A reload keeps the feedback of the checked question and still hides the others' keys.
    const view = await readSession(s.assessment.slug);
    const reloaded = byText(view, 'Which forms');
    expect(reloaded).toMatchObject({ locked: true, confidence: 'sure', userAnswer: 'plane mirror' });
    expect(reloaded.feedback).toEqual({
      correct: false,
      outcome: 'Incorrect',
      score: -1,
      maxScore: 4,
      key: { baseAnswer: 'convex lens', correctOptions: ['convex lens'] },
      explanation: 'A converging lens brings rays to a real focus.',
    });
    expect(byText(view, 'Speed of light')).toMatchObject({ locked: false, feedback: null });
    expect(byText(view, 'Name the bending')).toMatchObject({ locked: false, feedback: null });
    expect(JSON.stringify(view)).not.toContain('refraction');
  });

  it('checks the saved answer when none is sent; numerical and text keys come back as text', async () => {
    const s = await startSession(t.app, learner, practice());
    const numeric = byText(s, 'Speed of light');
    await save(t.app, learner, { evaluationId: numeric._id, userAnswer: '299.8' });
    const res = await check(numeric._id, { confidence: 'unsure' });
    expect(checkAnswerData.parse(res.json().data)).toMatchObject({
      correct: true,
      outcome: 'Correct',
      score: 4,
      key: { baseAnswer: '299 to 300', correctOptions: [] },
      evaluation: { userAnswer: '299.8', locked: true, confidence: 'unsure' },
    });

    // Text: the existing normalisation (case, spaces); no stored explanation is null.
    const text = byText(s, 'Name the bending');
    const typed = await check(text._id, { userAnswer: '  Refraction ', confidence: 'guess' });
    expect(checkAnswerData.parse(typed.json().data)).toMatchObject({
      correct: true,
      key: { baseAnswer: 'refraction', correctOptions: [] },
      explanation: null,
    });
  });

  it('showing the solution without an answer reveals the key as not attempted', async () => {
    const s = await startSession(t.app, learner, practice());
    const res = await check(byText(s, 'Which forms')._id, { confidence: 'guess', reveal: true });
    expect(checkAnswerData.parse(res.json().data)).toMatchObject({
      correct: false,
      outcome: 'Not Attempted',
      score: null,
      key: { correctOptions: ['convex lens'] },
      evaluation: { status: 'not_answered', locked: true },
    });
  });

  it('refuses a bad answer (400), another learner’s question (404) and an unknown id (404)', async () => {
    const s = await startSession(t.app, learner, practice());
    const lens = byText(s, 'Which forms');
    const bad = await check(lens._id, { userAnswer: 'not an option', confidence: 'sure' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(quizMessages.answerNotAnOption);
    const theirs = await check(lens._id, { userAnswer: 'convex lens', confidence: 'sure' }, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: quizMessages.questionNotFound, data: null });
    expect((await check('not-an-id', { confidence: 'sure' })).statusCode).toBe(404);
    // Neither locked it.
    expect(byText(await readSession(s.assessment.slug), 'Which forms').locked).toBe(false);
  });

  it('keeps its marks out of the performance records and the attempts list', async () => {
    const fresh = await createLearner(t.app);
    const s = await startSession(t.app, fresh, practice());
    for (const e of s.evaluation)
      if (e.baseQuestion.options.length)
        await check(e._id, { userAnswer: 'convex lens', confidence: 'sure' }, fresh);
    expect((await submit(t.app, fresh, s.assessment.slug)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(assessments).where(eq(assessments.id, s.assessment._id));
    expect(row!.sessionCompleted).toBe(true);
    // The result keeps the mark the check showed.
    const result = await fetchResult(t.app, fresh, s.assessment.slug);
    expect(result.evaluations.find((e) => e.baseQuestion.options.length)).toMatchObject({
      score: 4,
      outcome: 'Correct',
      locked: true,
      confidence: 'sure',
    });
    const records = await t.app.db
      .select()
      .from(performanceRecords)
      .where(eq(performanceRecords.userId, fresh.id));
    expect(records).toEqual([]);
    const attempts = await t.app.inject({
      method: 'GET',
      url: `/api/v1/assessment/details?entityType=subject&entitySlug=${c.subjects[0]!.slug}`,
      headers: fresh.headers,
    });
    expect(attempts.json().data.total).toBe(0);

    // The same learner's timed quiz does count: the empty list above is the practice rule, not a gap.
    const timed = await startSession(t.app, fresh, subjectQuiz(c, 0));
    await submit(t.app, fresh, timed.assessment.slug);
    const after = await t.app.db
      .select()
      .from(performanceRecords)
      .where(eq(performanceRecords.userId, fresh.id));
    expect(after.map((r) => [r.entityType, r.attempts])).toEqual([['subject', 1]]);
  });
});

describe('a timed test', () => {
  it('answers 409 to a check and saves as before', async () => {
    const s = await startSession(t.app, learner, subjectQuiz(c, 0));
    const lens = byText(s, 'Which forms');
    expect(lens.locked).toBeUndefined();
    const res = await check(lens._id, { userAnswer: 'convex lens', confidence: 'sure' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: practiceMessages.checkTimed, data: null });
    // The check saved nothing.
    const view = await readSession(s.assessment.slug);
    expect(byText(view, 'Which forms').userAnswer).toBeNull();
    expect(
      (await save(t.app, learner, { evaluationId: lens._id, userAnswer: 'convex lens' })).statusCode,
    ).toBe(200);
  });
});
