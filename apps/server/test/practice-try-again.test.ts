import {
  CHECK_MAX_TRIES,
  isLockedCheck,
  lockedCheckData,
  practiceMessages,
  sessionData,
  tryAgainData,
  type CreateAssessmentBody,
  type SessionData,
} from '@ai-tutor/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments, questionAttempts } from '../src/db/schema.js';
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

/**
 * Practice lets a learner try again after a wrong check (decision 0016): the wrong try tells no key or
 * explanation, the position locks when right, on 'Show solution' or at the last try, and the first
 * try's mark is the one that counts for the score and the history.
 */

const t = useTestApp();
let c: TestCatalogue;
let learner: TestLearner;
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    subjects: [
      {
        name: 'Optics',
        questionCount: 2,
        questions: [
          {
            text: 'Which forms a real image?',
            options: ['convex lens', 'plane mirror', 'window pane'],
            answer: 'convex lens',
            explanation: 'A converging lens brings rays to a real focus.',
          },
          { text: 'Name the bending of light at a boundary', answer: 'refraction', explanation: null },
        ],
      },
    ],
  });
  learner = await createLearner(t.app);
});

const practice = (): CreateAssessmentBody => ({ ...subjectQuiz(c, 0), type: 'practice' });
const check = (id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/evaluations/${id}/check`, headers: learner.headers, payload });
const lens = (s: SessionData) => s.evaluation.find((e) => e.baseQuestion.questionText.startsWith('Which'))!;
const readSession = async (slug: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/assessment/session/${slug}`,
    headers: learner.headers,
  });
  expect(res.statusCode).toBe(200);
  return sessionData.parse(res.json().data);
};
const historyOf = async (sessionId: string) =>
  t.app.db
    .select({ outcome: questionAttempts.outcome, score: questionAttempts.score })
    .from(questionAttempts)
    .where(and(eq(questionAttempts.assessmentId, sessionId), eq(questionAttempts.position, 0)));
const sessionId = async (slug: string) =>
  (await t.app.db.select({ id: assessments.id }).from(assessments).where(eq(assessments.slug, slug)))[0]!.id;

describe('trying again after a wrong check', () => {
  it('a wrong first check leaks no key or explanation and leaves the answer open', async () => {
    const s = await startSession(t.app, learner, practice());
    const e = lens(s);
    const res = await check(e._id, { userAnswer: 'plane mirror', confidence: 'sure' });
    expect(res.statusCode).toBe(200);
    const data = tryAgainData.parse(res.json().data);
    expect(data).toEqual({
      correct: false,
      triesUsed: 1,
      triesLeft: CHECK_MAX_TRIES - 1,
      evaluation: {
        _id: e._id,
        userAnswer: 'plane mirror',
        status: 'answered',
        markedForReview: false,
        locked: false,
        confidence: 'sure',
      },
    });
    expect(res.body).not.toContain('convex lens');
    expect(res.body).not.toContain('converging');
    // Still open: another answer saves, and hints are still given.
    expect((await save(t.app, learner, { evaluationId: e._id, userAnswer: 'window pane' })).statusCode).toBe(
      200,
    );
    const hint = await t.app.inject({
      method: 'POST',
      url: `/api/v1/evaluations/${e._id}/hint`,
      headers: learner.headers,
      payload: { level: 1 },
    });
    expect(hint.statusCode).toBe(200);
    // A reload shows the try, and still no key.
    const view = await readSession(s.assessment.slug);
    expect(lens(view)).toMatchObject({
      locked: false,
      feedback: null,
      triesUsed: 1,
      userAnswer: 'window pane',
    });
    expect(JSON.stringify(view)).not.toContain('converging');
  });

  it('a right second try locks and reveals, but the score and the history keep the first (wrong) try', async () => {
    const s = await startSession(t.app, learner, practice());
    const e = lens(s);
    tryAgainData.parse((await check(e._id, { userAnswer: 'plane mirror' })).json().data);
    const res = await check(e._id, { userAnswer: 'convex lens' });
    expect(res.statusCode).toBe(200);
    const data = lockedCheckData.parse(res.json().data);
    expect(data).toMatchObject({
      correct: true,
      outcome: 'Correct',
      score: -1,
      key: { baseAnswer: 'convex lens' },
      explanation: 'A converging lens brings rays to a real focus.',
      evaluation: { userAnswer: 'convex lens', locked: true },
    });
    // Locked now: a further check and a save are refused.
    expect((await check(e._id, { userAnswer: 'plane mirror' })).json().message).toBe(
      practiceMessages.alreadyChecked,
    );
    expect((await save(t.app, learner, { evaluationId: e._id, userAnswer: 'plane mirror' })).statusCode).toBe(
      409,
    );
    const view = await readSession(s.assessment.slug);
    expect(lens(view)).toMatchObject({ locked: true, feedback: { correct: true, score: -1 } });

    const id = await sessionId(s.assessment.slug);
    expect(await historyOf(id)).toEqual([{ outcome: 'incorrect', score: -1 }]);
    expect((await submit(t.app, learner, s.assessment.slug)).statusCode).toBe(200);
    const result = await fetchResult(t.app, learner, s.assessment.slug);
    expect(result.evaluations.find((q) => q.baseQuestion.questionText.startsWith('Which'))).toMatchObject({
      score: -1,
    });
    expect(await historyOf(id)).toEqual([{ outcome: 'incorrect', score: -1 }]);
  });

  it('Show solution locks a wrong answer with the key; the last try locks on its own', async () => {
    const s = await startSession(t.app, learner, practice());
    const e = lens(s);
    const revealed = await check(e._id, { userAnswer: 'plane mirror', reveal: true });
    const data = revealed.json().data;
    expect(isLockedCheck(data)).toBe(true);
    expect(lockedCheckData.parse(data)).toMatchObject({ correct: false, key: { baseAnswer: 'convex lens' } });
    expect(lens(await readSession(s.assessment.slug))).toMatchObject({
      locked: true,
      feedback: { correct: false, explanation: 'A converging lens brings rays to a real focus.' },
    });

    const text = s.evaluation.find((q) => q.baseQuestion.questionText.startsWith('Name'))!;
    for (let n = 1; n < CHECK_MAX_TRIES; n += 1) {
      expect(
        tryAgainData.parse((await check(text._id, { userAnswer: `wrong ${n}` })).json().data),
      ).toMatchObject({
        triesUsed: n,
        triesLeft: CHECK_MAX_TRIES - n,
      });
    }
    const last = lockedCheckData.parse((await check(text._id, { userAnswer: 'still wrong' })).json().data);
    expect(last).toMatchObject({
      correct: false,
      key: { baseAnswer: 'refraction' },
      evaluation: { locked: true },
    });
  });
});
