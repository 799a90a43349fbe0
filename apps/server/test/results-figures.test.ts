import { PERCENTILE_MIN_FIRST_ATTEMPTS, type AttemptsData } from '@ai-tutor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  answerKey,
  fetchResult,
  insertCatalogue,
  moduleTest,
  optionQuestions,
  save,
  startSession,
  submit,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

/** Figures that never mislead (docs/decisions/0016-honest-tutor-and-real-mistakes.md). */

const t = useTestApp({ PERCENTILE_MIN_FIRST_ATTEMPTS: '3' });
let c: TestCatalogue;
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 4, durationMinutes: 30 },
    subjects: [
      {
        name: 'Physics',
        questionCount: 4,
        topics: [{ name: 'Mechanics' }, { name: 'Optics' }],
        questions: [...optionQuestions('Mechanics', 2, 0), ...optionQuestions('Optics', 2, 1)],
      },
    ],
  });
});

/** A mock test answering (rightly) the questions whose text starts with one of `prefixes`. */
async function mock(who: TestLearner, prefixes: string[]): Promise<string> {
  const s = await startSession(t.app, who, moduleTest(c));
  const keys = await answerKey(t.app.db, s.assessment._id);
  for (const e of s.evaluation)
    if (prefixes.some((p) => e.baseQuestion.questionText.startsWith(p)))
      await save(t.app, who, { evaluationId: e._id, userAnswer: keys.get(e._id)!.answer });
  expect((await submit(t.app, who, s.assessment.slug)).statusCode).toBe(200);
  return s.assessment.slug;
}

interface RecordView {
  topic: { slug: string } | null;
  attempt: number;
}
async function topicAttempts(who: TestLearner): Promise<Record<string, number>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/user-records', headers: who.headers });
  const records = (res.json() as { data: { data: RecordView[] } }).data.data;
  return Object.fromEntries(records.filter((r) => r.topic).map((r) => [r.topic!.slug, r.attempt]));
}

describe('figures after a mock test', () => {
  it('a topic none of whose questions was answered is not an attempt, in the records and the attempts list', async () => {
    const learner = await createLearner(t.app);
    await mock(learner, ['Mechanics']);
    const [mechanics, optics] = c.subjects[0]!.topics;
    expect(await topicAttempts(learner)).toEqual({ [mechanics!.slug]: 1 });
    const list = async (slug: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/assessment/details?entityType=topic&entitySlug=${slug}`,
        headers: learner.headers,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: AttemptsData }).data.total;
    };
    expect(await list(mechanics!.slug)).toBe(1);
    expect(await list(optics!.slug)).toBe(0);
  });

  it(`gives a percentile only from ${PERCENTILE_MIN_FIRST_ATTEMPTS} (here 3) first attempts, and says how many there are`, async () => {
    // The module already has one first attempt (the test above).
    const [a, b] = await Promise.all([createLearner(t.app), createLearner(t.app)]);
    const first = await mock(a, ['Mechanics', 'Optics']);
    expect((await fetchResult(t.app, a, first)).practicePercentile).toEqual({
      percentile: null,
      percentileText: null,
      firstAttempts: 2,
    });
    await mock(b, []);
    expect((await fetchResult(t.app, a, first)).practicePercentile).toMatchObject({
      percentileText: '100.00',
      firstAttempts: 3,
    });
  });
});
