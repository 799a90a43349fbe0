import type { AddressInfo } from 'node:net';
import type { SessionData } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments, performanceRecords } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, subjectQuiz, type TestCatalogue } from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

// A start afresh names the attempt it replaces (`replaces`, decision 0015): it is ended only while it is
// still the scope's running attempt, so racing requests make one new attempt on either store, over real
// sockets too (the embedded store serves them one after another), and the others answer it.
const t = useTestApp();
let c: TestCatalogue;
let base: string;
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, { subjects: [{ name: 'Physics', questions: 6, questionCount: 4 }] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

interface Answer {
  status: number;
  body: string;
  slug: string;
}

const toAnswer = (status: number, body: string): Answer => ({
  status,
  body,
  slug: status < 300 ? (JSON.parse(body) as { data: SessionData }).data.assessment.slug : '',
});

type Start = (who: TestLearner, extra?: object) => Promise<Answer>;

const overHttp: Start = async (who, extra = {}) => {
  const res = await fetch(`${base}/api/v1/assessment`, {
    method: 'POST',
    headers: { ...who.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...subjectQuiz(c), ...extra }),
  });
  return toAnswer(res.status, await res.text());
};

const injected: Start = async (who, extra = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/assessment',
    headers: who.headers,
    payload: { ...subjectQuiz(c), ...extra },
  });
  return toAnswer(res.statusCode, res.body);
};

async function sessionsOf(learner: TestLearner) {
  const rows = await t.app.db
    .select({ slug: assessments.slug, completed: assessments.sessionCompleted })
    .from(assessments)
    .where(eq(assessments.userId, learner.id));
  return rows.map((r) => [r.slug, r.completed] as const).sort();
}

async function attemptsOf(learner: TestLearner) {
  const records = await t.app.db
    .select({ attempts: performanceRecords.attempts })
    .from(performanceRecords)
    .where(eq(performanceRecords.userId, learner.id));
  return records.map((r) => r.attempts);
}

for (const [transport, start] of [
  ['over HTTP', overHttp],
  ['through inject', injected],
] as const) {
  describe(`racing starts afresh that name the attempt they replace, ${transport}`, () => {
    for (const requests of [3, 4, 5]) {
      it(`${requests} at once end it once and make exactly one new attempt, answered to each`, async () => {
        const learner = await createLearner(t.app);
        const old = (await start(learner)).slug;

        const results = await Promise.all(
          Array.from({ length: requests }, () => start(learner, { startAfresh: true, replaces: old })),
        );
        for (const res of results) expect(res.status, res.body).toBe(201);
        const slugs = new Set(results.map((r) => r.slug));
        expect(slugs.size).toBe(1);
        const [fresh] = [...slugs];
        expect(fresh).not.toBe(old);

        expect(await sessionsOf(learner)).toEqual(
          [
            [old, true],
            [fresh, false],
          ].sort(),
        );
        expect(await attemptsOf(learner)).toEqual([1]);
      });
    }

    it('a practice session races the same way', async () => {
      const learner = await createLearner(t.app);
      const old = (await start(learner, { type: 'practice' })).slug;
      const results = await Promise.all(
        [1, 2, 3, 4].map(() => start(learner, { type: 'practice', startAfresh: true, replaces: old })),
      );
      const slugs = new Set(results.map((r) => r.slug));
      expect(slugs.size).toBe(1);
      const [fresh] = [...slugs];
      expect(fresh).not.toBe(old);
      expect(await sessionsOf(learner)).toEqual(
        [
          [old, true],
          [fresh, false],
        ].sort(),
      );
    });
  });
}

describe('a start afresh that names an attempt', () => {
  it('already replaced answers the running attempt and writes nothing', async () => {
    const learner = await createLearner(t.app);
    const old = (await overHttp(learner)).slug;
    const fresh = (await overHttp(learner, { startAfresh: true, replaces: old })).slug;
    const before = await sessionsOf(learner);

    // A second tab still showing the old attempt starts afresh later.
    const late = await overHttp(learner, { startAfresh: true, replaces: old });
    expect(late.status, late.body).toBe(201);
    expect(late.slug).toBe(fresh);
    expect(await sessionsOf(learner)).toEqual(before);
    expect(await attemptsOf(learner)).toEqual([1]);
  });

  it('still running replaces it each time it is asked', async () => {
    const learner = await createLearner(t.app);
    const first = (await overHttp(learner)).slug;
    const second = (await overHttp(learner, { startAfresh: true, replaces: first })).slug;
    const third = (await overHttp(learner, { startAfresh: true, replaces: second })).slug;
    expect(new Set([first, second, third]).size).toBe(3);
    expect(await sessionsOf(learner)).toEqual(
      [
        [first, true],
        [second, true],
        [third, false],
      ].sort(),
    );
    expect(await attemptsOf(learner)).toEqual([2]);
  });

  it('when nothing runs starts one', async () => {
    const learner = await createLearner(t.app);
    const res = await overHttp(learner, { startAfresh: true, replaces: 'gone-attempt' });
    expect(res.status, res.body).toBe(201);
    expect(await sessionsOf(learner)).toEqual([[res.slug, false]]);
  });

  it('that is empty is refused and nothing is written', async () => {
    const learner = await createLearner(t.app);
    const old = (await overHttp(learner)).slug;
    const res = await overHttp(learner, { startAfresh: true, replaces: ' ' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ data: null });
    expect(await sessionsOf(learner)).toEqual([[old, false]]);
  });
});
