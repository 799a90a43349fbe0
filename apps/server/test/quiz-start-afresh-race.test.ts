import type { SessionData } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments, performanceRecords } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, subjectQuiz, type TestCatalogue } from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

// 'Start afresh' submits the attempt the learner had and starts one new attempt, however many requests
// ask for it at once (a double click, two tabs): the others answer that new attempt (decision 0015).
const t = useTestApp();
let c: TestCatalogue;
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, { subjects: [{ name: 'Physics', questions: 6, questionCount: 4 }] });
});

const start = (who: TestLearner, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/assessment',
    headers: who.headers,
    payload: { ...subjectQuiz(c), ...extra },
  });
const slugOf = (res: { json: () => unknown }) => (res.json() as { data: SessionData }).data.assessment.slug;

async function sessionsOf(learner: TestLearner) {
  return t.app.db
    .select({ slug: assessments.slug, completed: assessments.sessionCompleted })
    .from(assessments)
    .where(eq(assessments.userId, learner.id));
}

describe('racing starts afresh', () => {
  for (const requests of [3, 5]) {
    it(`${requests} at once submit the old attempt once and make exactly one new attempt`, async () => {
      const learner = await createLearner(t.app);
      const old = slugOf(await start(learner));

      const results = await Promise.all(
        Array.from({ length: requests }, () => start(learner, { startAfresh: true })),
      );
      for (const res of results) expect(res.statusCode, res.body).toBe(201);
      const slugs = new Set(results.map(slugOf));
      expect(slugs.size).toBe(1);
      const [fresh] = [...slugs];
      expect(fresh).not.toBe(old);

      const sessions = await sessionsOf(learner);
      expect(sessions.map((s) => [s.slug, s.completed]).sort()).toEqual(
        [
          [old, true],
          [fresh, false],
        ].sort(),
      );
      const records = await t.app.db
        .select({ attempts: performanceRecords.attempts })
        .from(performanceRecords)
        .where(eq(performanceRecords.userId, learner.id));
      expect(records.map((r) => r.attempts)).toEqual([1]);
    });
  }

  it('a practice session races the same way', async () => {
    const learner = await createLearner(t.app);
    const old = slugOf(await start(learner, { type: 'practice' }));
    const results = await Promise.all(
      [1, 2, 3].map(() => start(learner, { type: 'practice', startAfresh: true })),
    );
    const slugs = new Set(results.map(slugOf));
    expect(slugs.size).toBe(1);
    expect(slugs.has(old)).toBe(false);
    const sessions = await sessionsOf(learner);
    expect(sessions.filter((s) => !s.completed).map((s) => s.slug)).toEqual([...slugs]);
    expect(sessions).toHaveLength(2);
  });

  it('a later start afresh, once the race is over, replaces the new attempt as asked', async () => {
    const learner = await createLearner(t.app);
    await start(learner);
    const raced = new Set(
      (await Promise.all([1, 2, 3].map(() => start(learner, { startAfresh: true })))).map(slugOf),
    );
    const later = await start(learner, { startAfresh: true });
    expect(later.statusCode).toBe(201);
    expect(raced.has(slugOf(later))).toBe(false);
    const sessions = await sessionsOf(learner);
    expect(sessions.filter((s) => s.completed)).toHaveLength(2);
    expect(sessions.filter((s) => !s.completed).map((s) => s.slug)).toEqual([slugOf(later)]);
  });
});
