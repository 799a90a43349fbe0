import { userRecords } from '@ai-tutor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  answerKey,
  insertCatalogue,
  moduleTest,
  save,
  startSession,
  submit,
  topicQuiz,
  twoSubjectMock,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

/**
 * After a mock test the exam page's subject cards and topic attempts agree (decision 0016): a session
 * counts for every subject and topic it answered a question of, so a subject never shows fewer
 * attempts than one of its topics, and each card's attempts list holds what its count counts.
 */

const t = useTestApp();
let c: TestCatalogue;
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, twoSubjectMock());
});

/** Answers right the questions of the named subject only (the rest blank) and submits. */
async function answerOnly(learner: TestLearner, body: ReturnType<typeof moduleTest>, subjectName: string) {
  const s = await startSession(t.app, learner, body);
  const key = await answerKey(t.app.db, s.assessment._id);
  for (const e of s.evaluation) {
    if (e.baseQuestion.subject?.name !== subjectName) continue;
    await save(t.app, learner, { evaluationId: e._id, userAnswer: key.get(e._id)!.answer });
  }
  expect((await submit(t.app, learner, s.assessment.slug)).statusCode).toBe(200);
}

async function cards(learner: TestLearner) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/user-records', headers: learner.headers });
  return userRecords.parse(res.json().data).data;
}
async function listed(learner: TestLearner, entityType: 'subject' | 'topic', slug: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/assessment/details?entityType=${entityType}&entitySlug=${slug}`,
    headers: learner.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.total as number;
}

describe('subject cards and topic attempts after a mock test', () => {
  it('a mock test answered in Physics only is a Physics attempt, as it is a Waves one; Chemistry has none', async () => {
    const learner = await createLearner(t.app);
    await answerOnly(learner, moduleTest(c), 'Physics');
    const physics = c.subjects[0]!;
    const waves = physics.topics[0]!;
    const records = await cards(learner);
    const physicsCard = records.find((r) => r.subject?.slug === physics.slug);
    const chemistryCard = records.find((r) => r.subject?.slug === c.subjects[1]!.slug);
    expect(physicsCard).toMatchObject({
      attempt: 1,
      totalScore: 8,
      totalMarks: 8,
      recentPercentages: [100],
    });
    expect(chemistryCard).toBeUndefined();
    expect(await listed(learner, 'subject', physics.slug)).toBe(1);
    expect(await listed(learner, 'subject', c.subjects[1]!.slug)).toBe(0);
    expect(await listed(learner, 'topic', waves.slug)).toBe(1);
  });

  it('a topic quiz counts for its subject too: the subject never has fewer attempts than a topic', async () => {
    const learner = await createLearner(t.app);
    await answerOnly(learner, topicQuiz(c, 0, 0), 'Physics');
    const physics = c.subjects[0]!;
    const subjectAttempts = await listed(learner, 'subject', physics.slug);
    const topicAttempts = await listed(learner, 'topic', physics.topics[0]!.slug);
    expect(topicAttempts).toBe(1);
    expect(subjectAttempts).toBe(1);
    expect((await cards(learner)).find((r) => r.subject?.slug === physics.slug)).toMatchObject({
      attempt: 1,
    });
  });
});
