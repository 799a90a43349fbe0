import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  answerKey,
  fetchResult,
  insertCatalogue,
  moduleTest,
  save,
  startSession,
  submit,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { closeTest, scheduleOpenTest, takeLive } from './helpers/live-tests.js';

// docs/product.md#practice-percentile: an ordinary mock test's result shows its percentile among every learner's first
// attempt of the module, kept current as attempts complete.
let c: TestCatalogue;
// Every first attempt counts here: the threshold's own rule is tested in results-figures.test.ts.
const t = useTestApp({ PERCENTILE_MIN_FIRST_ATTEMPTS: '1' });
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 3, durationMinutes: 30 },
    subjects: [{ name: 'Physics', questions: 3 }],
  });
});

/** A mock test with `right` correct answers (4 marks each), submitted; its slug. */
async function mock(who: TestLearner, right: number): Promise<string> {
  const s = await startSession(t.app, who, moduleTest(c));
  const keys = await answerKey(t.app.db, s.assessment._id);
  for (const e of s.evaluation.slice(0, right))
    await save(t.app, who, { evaluationId: e._id, userAnswer: keys.get(e._id)!.answer });
  await submit(t.app, who, s.assessment.slug);
  return s.assessment.slug;
}

describe('practice percentile', () => {
  it('compares a mock test with every learner’s first attempt of the module', async () => {
    const [top, low, mid] = await Promise.all([1, 2, 3].map(() => createLearner(t.app)));
    const topFirst = await mock(top!, 3); // 12
    expect((await fetchResult(t.app, top!, topFirst)).practicePercentile).toEqual({
      percentile: 100,
      percentileText: '100.00',
      firstAttempts: 1,
    });
    await mock(low!, 1); // 4
    const midFirst = await mock(mid!, 2); // 8
    // 12, 4 and 8: two first attempts at or below 8.
    expect((await fetchResult(t.app, mid!, midFirst)).practicePercentile).toMatchObject({
      percentileText: '66.66',
      firstAttempts: 3,
    });
    // A second attempt is compared with the first attempts but is not one of them.
    const topSecond = await mock(top!, 0);
    expect((await fetchResult(t.app, top!, topSecond)).practicePercentile).toMatchObject({
      percentile: 0,
      firstAttempts: 3,
    });
    // A live test of the module is not practice: it neither counts nor shows a practice percentile.
    const live = await scheduleOpenTest(t.app.db, c);
    const s = await takeLive(t.app, await createLearner(t.app), c, live, 3);
    expect(s.assessment.liveTest?.id).toBe(live);
    expect((await fetchResult(t.app, mid!, midFirst)).practicePercentile?.firstAttempts).toBe(3);
    // Closed: its paper (the whole module) is back in the bank for the quizzes below.
    await closeTest(t.app.db, live);
  });

  it('is absent from subject and topic quizzes', async () => {
    const who = await createLearner(t.app);
    const s = await startSession(t.app, who, {
      examSlug: c.exam.slug,
      quizType: 'subject',
      moduleSlug: c.module.slug,
      subjectSlug: c.subjects[0]!.slug,
      type: 'quiz',
    });
    await submit(t.app, who, s.assessment.slug);
    expect((await fetchResult(t.app, who, s.assessment.slug)).practicePercentile).toBeUndefined();
  });
});
