import { checkAnswerData } from '@ai-tutor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  insertCatalogue,
  optionQuestions,
  startSession,
  subjectQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner } from './helpers/learner.js';

/** Practice: saying how sure one was is optional; a check without it is answered in full. */
const t = useTestApp();
let c: TestCatalogue;
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    subjects: [{ name: 'Physics', questionCount: 2, questions: optionQuestions('Physics', 2) }],
  });
});

describe('a check without a confidence', () => {
  it('is answered, locks the answer and records no confidence', async () => {
    const learner = await createLearner(t.app);
    const s = await startSession(t.app, learner, { ...subjectQuiz(c), type: 'practice' });
    const e = s.evaluation[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/evaluations/${e._id}/check`,
      headers: learner.headers,
      payload: { userAnswer: e.baseQuestion.options[0], reveal: true },
    });
    expect(res.statusCode).toBe(200);
    const data = checkAnswerData.parse(res.json().data);
    expect(data.evaluation).toMatchObject({ locked: true, confidence: null });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/evaluations/${s.evaluation[1]!._id}/check`,
      headers: learner.headers,
      payload: { confidence: 'certain' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
