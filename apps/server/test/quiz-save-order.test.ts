import { saveEvaluationData, type SessionData } from '@ai-tutor/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  insertCatalogue,
  optionQuestions,
  startSession,
  subjectQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { storedEvaluation } from './helpers/stored-evaluation.js';

/**
 * A save the browser gave up on can reach the server after the save that replaced it
 * (docs/decisions/0018-exam-day-arrival.md): the newest save by the browser's sequence is kept.
 */
const t = useTestApp();
let learner: TestLearner;
let c: TestCatalogue;
beforeAll(async () => {
  learner = await createLearner(t.app);
  c = await insertCatalogue(t.app.db, {
    subjects: [
      { name: 'Physics', questionCount: 2, durationMinutes: 10, questions: optionQuestions('Physics', 2) },
    ],
  });
});

let session: SessionData;
beforeEach(async () => {
  session = await startSession(t.app, learner, subjectQuiz(c));
});

interface Body {
  evaluationId: string;
  userAnswer?: string;
  markedForReview?: boolean;
  timeSpentSeconds?: number;
  sequence?: number;
}
const save = (payload: Body) =>
  t.app.inject({ method: 'POST', url: '/api/v1/evaluations', headers: learner.headers, payload });
const stored = async (id: string) => (await storedEvaluation(t.app.db, id))!;

describe('saves delivered out of order', () => {
  it('keeps the newer answer when the older save arrives after it, and answers 200 with the stored one', async () => {
    const e = session.evaluation[0]!;
    const [earlier, later] = [e.baseQuestion.options[0]!, e.baseQuestion.options[1]!];
    const newer = await save({
      evaluationId: e._id,
      userAnswer: later,
      timeSpentSeconds: 20,
      sequence: 2_000,
    });
    expect(newer.statusCode).toBe(200);

    const older = await save({
      evaluationId: e._id,
      userAnswer: earlier,
      markedForReview: true,
      timeSpentSeconds: 15,
      sequence: 1_000,
    });
    expect(older.statusCode).toBe(200);
    // The browser's queue reads a 200 as done: it drops the stale save rather than retrying it forever.
    expect(saveEvaluationData.parse(older.json().data).evaluation).toEqual({
      _id: e._id,
      userAnswer: later,
      status: 'answered',
      markedForReview: false,
    });
    expect(await stored(e._id)).toMatchObject({
      userAnswer: later,
      markedForReview: false,
      timeSpentSeconds: 20,
    });
  });

  it('applies saves that arrive in order, each newer than the last', async () => {
    const e = session.evaluation[1]!;
    const [first, second] = [e.baseQuestion.options[0]!, e.baseQuestion.options[1]!];
    expect(
      (await save({ evaluationId: e._id, userAnswer: first, timeSpentSeconds: 5, sequence: 10 })).statusCode,
    ).toBe(200);
    const res = await save({ evaluationId: e._id, userAnswer: second, timeSpentSeconds: 7, sequence: 11 });
    expect(res.json().data.evaluation.userAnswer).toBe(second);
    expect(await stored(e._id)).toMatchObject({ userAnswer: second, timeSpentSeconds: 12 });
  });

  it('counts a resend of the same save (a lost reply) once: same answer, time not added twice', async () => {
    const e = session.evaluation[0]!;
    const answer = e.baseQuestion.options[2]!;
    const body = { evaluationId: e._id, userAnswer: answer, timeSpentSeconds: 30, sequence: Date.now() };
    expect((await save(body)).statusCode).toBe(200);
    const again = await save(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.evaluation.userAnswer).toBe(answer);
    expect(await stored(e._id)).toMatchObject({ userAnswer: answer, timeSpentSeconds: 30 });
  });

  it('orders each question on its own: an older sequence on another question still saves', async () => {
    const [a, b] = session.evaluation as [SessionData['evaluation'][0], SessionData['evaluation'][0]];
    await save({ evaluationId: a._id, userAnswer: a.baseQuestion.options[0]!, sequence: 500 });
    const other = await save({ evaluationId: b._id, userAnswer: b.baseQuestion.options[2]!, sequence: 100 });
    expect(other.json().data.evaluation.userAnswer).toBe(b.baseQuestion.options[2]);
    expect((await stored(b._id)).userAnswer).toBe(b.baseQuestion.options[2]);
  });

  it('still applies a save without a sequence (an older browser), and a stale save with a bad answer is a 400', async () => {
    const e = session.evaluation[0]!;
    await save({ evaluationId: e._id, userAnswer: e.baseQuestion.options[0]!, sequence: 900 });
    const plain = await save({ evaluationId: e._id, userAnswer: e.baseQuestion.options[1]! });
    expect(plain.json().data.evaluation.userAnswer).toBe(e.baseQuestion.options[1]);
    const bad = await save({ evaluationId: e._id, userAnswer: 'not an option', sequence: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ data: null });
    expect((await stored(e._id)).userAnswer).toBe(e.baseQuestion.options[1]);
  });

  it('refuses a sequence that is not a whole non-negative number, writing nothing', async () => {
    const e = session.evaluation[1]!;
    const res = await save({ evaluationId: e._id, userAnswer: e.baseQuestion.options[0]!, sequence: -1 });
    expect(res.statusCode).toBe(400);
    expect((await stored(e._id)).userAnswer).toBeNull();
  });
});
