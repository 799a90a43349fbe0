import { liveTestMessages, sessionData, type SessionData } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, moduleTest, submit, type TestCatalogue } from './helpers/catalogue.js';
import { createLearner } from './helpers/learner.js';
import { closeAllTests, moveWindow, scheduleOpenTest, startLive } from './helpers/live-tests.js';

// docs/product.md#live-test-rules: starting a live test — its window, one paper for all, one attempt per learner.
let c: TestCatalogue;
const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 6, durationMinutes: 30 },
    subjects: [
      { name: 'Physics', questions: 5 },
      { name: 'Chemistry', questions: 5 },
    ],
  });
});

const dataOf = (body: string) => (JSON.parse(body) as { data: SessionData }).data;

describe('the window', () => {
  it('refuses a start before the opening with when it opens, and after the close', async () => {
    const id = await scheduleOpenTest(t.app.db, c);
    const learner = await createLearner(t.app);
    await moveWindow(t.app.db, id, 600, 4000);
    const early = await startLive(t.app, learner, c, id);
    expect(early.statusCode).toBe(409);
    const body = early.json();
    expect(body.data).toBeNull();
    expect(body.message).toMatch(/^This live test opens at \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    const opensIn = new Date(body.availableAt).getTime() - Date.now();
    expect(opensIn).toBeGreaterThan(500_000);
    expect(opensIn).toBeLessThan(700_000);

    await moveWindow(t.app.db, id, -4000, -5);
    const late = await startLive(t.app, learner, c, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(liveTestMessages.closed);
  });

  it('answers 404 for a cancelled or unknown test', async () => {
    const id = await scheduleOpenTest(t.app.db, c);
    await t.app.db.execute(sql`UPDATE scheduled_tests SET cancelled_at = now() WHERE id = ${id}::uuid`);
    const learner = await createLearner(t.app);
    const cancelled = await startLive(t.app, learner, c, id);
    expect(cancelled.statusCode).toBe(404);
    expect(cancelled.json().message).toBe(liveTestMessages.notFound);
    const unknown = await startLive(t.app, learner, c, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('ends a session at the close when the close comes before start + duration', async () => {
    const id = await scheduleOpenTest(t.app.db, c);
    await moveWindow(t.app.db, id, -60, 600); // 10 minutes left of a 30-minute test
    const res = await startLive(t.app, await createLearner(t.app), c, id);
    expect(res.statusCode).toBe(201);
    const s = dataOf(res.body);
    const left = new Date(s.assessment.deadline).getTime() - new Date(s.assessment.serverTime).getTime();
    expect(left).toBeGreaterThan(590_000);
    expect(left).toBeLessThanOrEqual(600_000);
    expect(s.assessment.liveTest).toMatchObject({ id, resultsReady: false });
  });

  it('keeps a running live test out of the running attempts, so the module mock test starts apart', async () => {
    await closeAllTests(t.app.db); // the earlier tests' papers hold every question of the module
    const id = await scheduleOpenTest(t.app.db, c);
    const learner = await createLearner(t.app);
    expect((await startLive(t.app, learner, c, id)).statusCode).toBe(201);
    const running = await t.app.inject({
      method: 'GET',
      url: '/api/v1/assessment/running',
      headers: learner.headers,
    });
    expect(running.json().data.attempts).toEqual([]);
    const mock = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assessment',
      headers: learner.headers,
      payload: moduleTest(c),
    });
    expect(mock.statusCode).toBe(201);
    expect(dataOf(mock.body).assessment.liveTest).toBeUndefined();
  });
});

describe('one paper for all', () => {
  it('gives every taker the same questions, shuffled within each subject, subjects in order', async () => {
    const id = await scheduleOpenTest(t.app.db, c);
    const orders: string[][] = [];
    const sets = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await startLive(t.app, await createLearner(t.app), c, id);
      expect(res.statusCode).toBe(201);
      const s = sessionData.parse(res.json().data);
      expect(s.evaluation).toHaveLength(6);
      const texts = s.evaluation.map((e) => e.baseQuestion.questionText);
      orders.push(texts);
      sets.add([...texts].sort().join('|'));
      // Physics first, then Chemistry: shuffled only within a subject.
      const subjects = s.evaluation.map((e) => e.baseQuestion.subject?.name);
      expect(subjects).toEqual(['Physics', 'Physics', 'Physics', 'Chemistry', 'Chemistry', 'Chemistry']);
    }
    expect(sets.size).toBe(1);
    // Six takers with the same order of 3 × 3 questions: a 1 in 36⁵ chance.
    expect(new Set(orders.map((o) => o.join('|'))).size).toBeGreaterThan(1);
  });
});

describe('one attempt per learner', () => {
  it('makes one session of two starts at once, and the second answers it like a resume', async () => {
    const id = await scheduleOpenTest(t.app.db, c);
    const learner = await createLearner(t.app);
    const [a, b] = await Promise.all([startLive(t.app, learner, c, id), startLive(t.app, learner, c, id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(dataOf(a.body).assessment.slug).toBe(dataOf(b.body).assessment.slug);
    const rows = await t.app.db.execute(
      sql`SELECT count(*)::int AS n FROM assessments WHERE scheduled_test_id = ${id}::uuid`,
    );
    expect(Number((rows.rows[0] as { n: number }).n)).toBe(1);
  });

  it('refuses a second start once submitted', async () => {
    const id = await scheduleOpenTest(t.app.db, c);
    const learner = await createLearner(t.app);
    const first = await startLive(t.app, learner, c, id);
    expect((await submit(t.app, learner, dataOf(first.body).assessment.slug)).statusCode).toBe(200);
    const again = await startLive(t.app, learner, c, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(liveTestMessages.alreadyTaken);
  });
});
