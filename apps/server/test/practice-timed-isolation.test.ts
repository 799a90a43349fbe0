import { practiceMessages, type CreateAssessmentBody, type SessionData } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  answerKey,
  insertCatalogue,
  moduleTest,
  save,
  startSession,
  submit,
  subjectQuiz,
  wrongAnswer,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

// A running timed test's keys stay on the server (decision 0014, docs/live-tests.md): the learner's
// other draws skip its questions, a practice session that drew one before cannot check it, and a
// review or adaptive session with a time limit is a test — no Check, no hints.
const t = useTestApp();
let c: TestCatalogue;

const questionIdsOf = async (s: SessionData): Promise<string[]> => {
  const r = await t.app.db.execute(
    sql`SELECT question_ids FROM assessments WHERE id = ${s.assessment._id}::uuid`,
  );
  return (r.rows[0] as { question_ids: string[] }).question_ids;
};
const post = (who: TestLearner, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload });
const check = (who: TestLearner, id: string) =>
  post(who, `/api/v1/evaluations/${id}/check`, { confidence: 'sure' });
const hint = (who: TestLearner, id: string) => post(who, `/api/v1/evaluations/${id}/hint`, { level: 1 });
const practise = (body: CreateAssessmentBody): CreateAssessmentBody => ({ ...body, type: 'practice' });
const tutorQuiz = (quizType: 'review' | 'adaptive', timeLimitMinutes?: number): CreateAssessmentBody => ({
  examSlug: c.exam.slug,
  quizType,
  type: 'practice',
  ...(timeLimitMinutes === undefined ? {} : { timeLimitMinutes }),
});

beforeAll(async () => {
  // Six questions; a mock test draws three of them.
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 3, durationMinutes: 60 },
    subjects: [{ name: 'Physics', questionCount: 6, questions: 6 }],
  });
});

describe('draws beside the learner’s running timed test', () => {
  it('practice, a subject quiz and an adaptive session leave out the running mock test’s questions', async () => {
    const learner = await createLearner(t.app);
    const mock = await startSession(t.app, learner, moduleTest(c));
    const running = new Set(await questionIdsOf(mock));
    for (const body of [practise(moduleTest(c)), practise(subjectQuiz(c)), subjectQuiz(c)]) {
      const s = await startSession(t.app, learner, body);
      const ids = await questionIdsOf(s);
      expect(
        ids.filter((id) => running.has(id)),
        `${body.type} ${body.quizType}`,
      ).toEqual([]);
      expect(ids).toHaveLength(3);
      // Nothing to check in them that the mock test holds.
      for (const e of s.evaluation.filter((_, i) => !s.assessment.timed && i < 1))
        expect((await check(learner, e._id)).statusCode).toBe(200);
      expect((await submit(t.app, learner, s.assessment.slug)).statusCode).toBe(200);
    }
    const adaptive = await startSession(t.app, learner, tutorQuiz('adaptive'));
    expect((await questionIdsOf(adaptive)).filter((id) => running.has(id))).toEqual([]);
    await submit(t.app, learner, adaptive.assessment.slug);

    // Submitted, the mock test's questions are drawn again.
    expect((await submit(t.app, learner, mock.assessment.slug)).statusCode).toBe(200);
    const after = await startSession(t.app, learner, practise(subjectQuiz(c)));
    expect(after.evaluation).toHaveLength(6);
  });

  it('a practice session drawn before the mock test cannot check or hint its questions until it is submitted', async () => {
    const learner = await createLearner(t.app);
    const practice = await startSession(t.app, learner, practise(subjectQuiz(c)));
    const mock = await startSession(t.app, learner, moduleTest(c));
    const running = new Set(await questionIdsOf(mock));
    const ids = await questionIdsOf(practice);
    const shared = practice.evaluation.filter((_, i) => running.has(ids[i]!));
    const free = practice.evaluation.find((_, i) => !running.has(ids[i]!))!;
    expect(shared).toHaveLength(3);
    for (const e of shared) {
      for (const res of [await check(learner, e._id), await hint(learner, e._id)]) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: practiceMessages.inRunningTest, data: null });
      }
    }
    expect((await check(learner, free._id)).statusCode).toBe(200);

    expect((await submit(t.app, learner, mock.assessment.slug)).statusCode).toBe(200);
    expect((await check(learner, shared[0]!._id)).statusCode).toBe(200);
  });
});

describe('a review or adaptive session with a time limit is a test', () => {
  let learner: TestLearner;
  beforeAll(async () => {
    learner = await createLearner(t.app);
    // Every question answered wrongly and due: the review queue has six.
    const quiz = await startSession(t.app, learner, subjectQuiz(c));
    const keys = await answerKey(t.app.db, quiz.assessment._id);
    for (const e of quiz.evaluation)
      await save(t.app, learner, { evaluationId: e._id, userAnswer: wrongAnswer(keys.get(e._id)!) });
    expect((await submit(t.app, learner, quiz.assessment.slug)).statusCode).toBe(200);
    await t.app.db.execute(
      sql`UPDATE review_cards SET due = now() - interval '1 hour' WHERE user_id = ${learner.id}`,
    );
  });

  it('answers 409 to Check and hints under a countdown, and keeps the key on the server', async () => {
    for (const quizType of ['review', 'adaptive'] as const) {
      const s = await startSession(t.app, learner, tutorQuiz(quizType, 10));
      expect(s.assessment.timed).toBe(true);
      const [first] = s.evaluation;
      const checked = await check(learner, first!._id);
      expect(checked.statusCode).toBe(409);
      expect(checked.json()).toEqual({ message: practiceMessages.checkTimed, data: null });
      const hinted = await hint(learner, first!._id);
      expect(hinted.statusCode).toBe(409);
      expect(hinted.json()).toEqual({ message: practiceMessages.hintTimed, data: null });
      expect((await submit(t.app, learner, s.assessment.slug)).statusCode).toBe(200);
    }
  });

  it('an untimed review still checks', async () => {
    await t.app.db.execute(
      sql`UPDATE review_cards SET due = now() - interval '1 hour' WHERE user_id = ${learner.id}`,
    );
    const s = await startSession(t.app, learner, tutorQuiz('review'));
    expect(s.assessment.timed).toBe(false);
    expect((await check(learner, s.evaluation[0]!._id)).statusCode).toBe(200);
  });
});
