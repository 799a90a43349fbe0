import { quizMessages } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, subjectQuiz, type TestCatalogue } from './helpers/catalogue.js';
import { createLearner } from './helpers/learner.js';

// Exam day: starts beyond START_CONCURRENCY wait in the queue; beyond START_QUEUE they are a 503 with
// Retry-After (which the web app retries), never a pool timeout.
let c: TestCatalogue;
const t = useTestApp({ START_CONCURRENCY: '1', START_QUEUE: '2' });
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, { subjects: [{ name: 'Physics', questions: 4 }] });
});

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'started',
    (error: { statusCode?: number }) => error.statusCode,
  );

describe('the start queue', () => {
  it('runs one start at a time, holds two, and turns the rest away with 503 and Retry-After', async () => {
    const learners = await Promise.all(Array.from({ length: 7 }, () => createLearner(t.app)));
    // Six starts in one tick (as on exam day): one runs, two wait, three are refused at once.
    const starts = learners.slice(0, 6).map((who) => outcome(t.app.quiz.create(who.id, subjectQuiz(c))));
    expect(await Promise.all(starts)).toEqual(['started', 'started', 'started', 503, 503, 503]);

    // Over HTTP: while three starts hold the queue (their learners' rows locked, so they cannot
    // finish), a fourth is the envelope with a message and Retry-After.
    const held = learners.slice(3, 6);
    const response = await t.app.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT id FROM users WHERE id IN (${sql.join(
          held.map((who) => sql`${who.id}::uuid`),
          sql`, `,
        )}) FOR UPDATE`,
      );
      const pending = held.map((who) => t.app.quiz.create(who.id, subjectQuiz(c)));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/assessment',
        headers: learners[6]!.headers,
        payload: subjectQuiz(c),
      });
      return { res, pending };
    });
    const { res, pending } = response;
    expect(res.statusCode).toBe(503);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(res.json()).toEqual({ message: quizMessages.startBusy(retryAfter), data: null });
    // The held starts go through once the rows are free, and the refused learner can start.
    expect((await Promise.all(pending)).every((s) => s.assessment.slug)).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assessment',
      headers: learners[6]!.headers,
      payload: subjectQuiz(c),
    });
    expect(again.statusCode).toBe(201);
  });
});
