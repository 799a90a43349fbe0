import { tutorMessages, type SessionData } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { scheduleTest } from '../src/services/live-tests/schedule.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, submit, type TestCatalogue } from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { takeLive } from './helpers/live-tests.js';

/**
 * docs/product.md#question-reports: a learner reports a question of a live test while it runs and while
 * its results are held for checking — by the evaluation their own session gives them, since the paper's
 * question ids, keys and explanations stay hidden until the release.
 */
const t = useTestApp();
let c: TestCatalogue;
let testId: string;
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 3, durationMinutes: 30 },
    subjects: [{ name: 'Physics', questions: 3 }],
  });
  const now = Date.now();
  testId = (
    await scheduleTest(t.app.db, {
      moduleSlug: c.module.slug,
      opensAt: new Date(now - 60_000),
      closesAt: new Date(now + 2 * 3600_000),
      release: 'manual',
    })
  ).id;
});

const reportAt = (who: TestLearner, evaluationId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/evaluations/${evaluationId}/reports`,
    headers: who.headers,
    payload,
  });
const reportsOf = async (who: TestLearner) =>
  (
    await t.app.db.execute(sql`
      SELECT question_id::text AS question_id, reason, note, status FROM question_reports
      WHERE user_id = ${who.id}::uuid ORDER BY created_at`)
  ).rows as { question_id: string; reason: string; note: string | null; status: string }[];
const paperOf = async (session: SessionData) =>
  (
    await t.app.db.execute(
      sql`SELECT question_ids::text[] AS ids FROM assessments WHERE id = ${session.assessment._id}::uuid`,
    )
  ).rows[0] as { ids: string[] };
/** What must not reach the learner before the release: the paper's question ids, keys, explanations. */
const secretsOf = async (session: SessionData) => {
  const ids = (await paperOf(session)).ids;
  const rows = (
    await t.app.db.execute(sql`
      SELECT explanation FROM questions WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`)
  ).rows as { explanation: string | null }[];
  return [...ids, ...rows.flatMap((r) => (r.explanation ? [r.explanation] : []))];
};

describe('reports from a live test, by evaluation', () => {
  it('while the test runs: files the report on the right question and never names it', async () => {
    const learner = await createLearner(t.app);
    const session = await takeLive(t.app, learner, c, testId, 1);
    const second = session.evaluation[1]!;
    const res = await reportAt(learner, second._id, { reason: 'wrong-key', note: '9 + 7 is 16' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: tutorMessages.reportReceived,
      data: { report: { reason: 'wrong-key', note: '9 + 7 is 16', status: 'open' } },
    });
    expect(res.json().data.report).not.toHaveProperty('questionId');
    for (const secret of await secretsOf(session)) expect(res.body).not.toContain(secret);

    // The operators' queue has it on the question at that place of the learner's paper.
    const paper = await paperOf(session);
    expect(await reportsOf(learner)).toEqual([
      { question_id: paper.ids[1], reason: 'wrong-key', note: '9 + 7 is 16', status: 'open' },
    ]);
    // Reporting again updates the one open report.
    const again = await reportAt(learner, second._id, { reason: 'typo' });
    expect([again.statusCode, again.json().message]).toEqual([200, tutorMessages.reportUpdated]);
    expect(await reportsOf(learner)).toEqual([
      { question_id: paper.ids[1], reason: 'typo', note: null, status: 'open' },
    ]);
  });

  it('after submitting, while the results are held for checking: the report still goes in', async () => {
    const learner = await createLearner(t.app);
    const session = await takeLive(t.app, learner, c, testId, 3);
    await submit(t.app, learner, session.assessment.slug);
    const held = await t.app.inject({
      method: 'GET',
      url: `/api/v1/assessment/get-session/${session.assessment.slug}`,
      headers: learner.headers,
    });
    expect(held.statusCode).toBe(409);
    const res = await reportAt(learner, session.evaluation[0]!._id, { reason: 'unclear' });
    expect(res.statusCode, res.body).toBe(200);
    for (const secret of await secretsOf(session)) expect(res.body).not.toContain(secret);
    expect((await reportsOf(learner)).map((r) => r.question_id)).toEqual([(await paperOf(session)).ids[0]]);
  });

  it("refuses another learner's session (404), a place the paper does not have (404) and bad input (400), writing nothing", async () => {
    const [owner, other] = [await createLearner(t.app), await createLearner(t.app)];
    const session = await takeLive(t.app, owner, c, testId, 0);
    const first = session.evaluation[0]!._id;
    const theirs = await reportAt(other, first, { reason: 'typo' });
    expect([theirs.statusCode, theirs.json()]).toEqual([
      404,
      { message: tutorMessages.reportQuestionNotFound, data: null },
    ]);
    // The session's fourth place, on a paper of three.
    const beyond = `${first.slice(0, 33)}004`;
    expect((await reportAt(owner, beyond, { reason: 'typo' })).statusCode).toBe(404);
    expect((await reportAt(owner, 'not-an-id', { reason: 'typo' })).statusCode).toBe(400);
    expect((await reportAt(owner, first, { reason: 'boring' })).statusCode).toBe(400);
    expect((await reportAt(owner, first, { reason: 'typo', note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect(await reportsOf(owner)).toEqual([]);
    expect(await reportsOf(other)).toEqual([]);
  });

  it('counts reports by evaluation and by question id against one ceiling of 30 a minute', async () => {
    const learner = await createLearner(t.app);
    const session = await takeLive(t.app, learner, c, testId, 0);
    const questionId = (await paperOf(session)).ids[0]!;
    const byQuestion = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/questions/${questionId}/reports`,
        headers: learner.headers,
        payload: { reason: 'typo' },
      });
    for (let i = 0; i < 15; i += 1) expect((await byQuestion()).statusCode).toBe(200);
    for (let i = 0; i < 15; i += 1)
      expect((await reportAt(learner, session.evaluation[1]!._id, { reason: 'typo' })).statusCode).toBe(200);
    const over = await reportAt(learner, session.evaluation[2]!._id, { reason: 'typo' });
    expect(over.statusCode).toBe(429);
    expect(over.json().data).toBeNull();
    expect((await byQuestion()).statusCode).toBe(429);
  });
});
