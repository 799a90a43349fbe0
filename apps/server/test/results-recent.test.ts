import { recentAttemptsData } from '@ai-tutor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  insertCatalogue,
  moduleTest,
  startSession,
  submit,
  subjectQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

const t = useTestApp();
let c: TestCatalogue;
let learner: TestLearner;
beforeAll(async () => {
  learner = await createLearner(t.app);
  c = await insertCatalogue(t.app.db, {
    module: { name: 'Mains', questionCount: 2 },
    subjects: [
      { name: 'Physics', questionCount: 1, questions: 2 },
      { name: 'Chemistry', questionCount: 1, questions: 2 },
    ],
  });
});

const recent = (who: TestLearner) =>
  t.app.inject({ method: 'GET', url: '/api/v1/assessment/recent', headers: who.headers });

describe('GET /api/v1/assessment/recent', () => {
  it("lists the learner's latest completed timed attempts of any scope, newest first, at most five", async () => {
    const completed: string[] = [];
    for (let i = 0; i < 6; i++) {
      const s = await startSession(t.app, learner, i % 2 ? moduleTest(c) : subjectQuiz(c, 0));
      await submit(t.app, learner, s.assessment.slug);
      completed.push(s.assessment.slug);
    }
    // Running and practice sessions are not results.
    await startSession(t.app, learner, subjectQuiz(c, 1));
    const practice = await startSession(t.app, learner, { ...subjectQuiz(c, 0), type: 'practice' });
    await submit(t.app, learner, practice.assessment.slug);

    const res = await recent(learner);
    expect(res.statusCode).toBe(200);
    const data = recentAttemptsData.parse(res.json().data);
    expect(data.assessments.map((a) => a.slug)).toEqual(completed.slice(1).reverse());
    expect(data.assessments.every((a) => a.sessionCompleted && a.mode === 'timed')).toBe(true);
  });

  it("shows no one else's results, and needs a signed-in learner", async () => {
    const other = await createLearner(t.app);
    expect(recentAttemptsData.parse((await recent(other)).json().data).assessments).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/assessment/recent' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ data: null });
  });
});
