import type { ScheduledTestsData, SessionData } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { scheduleTest } from '../../src/services/live-tests/schedule.js';
import { answerKey, moduleTest, save, wrongAnswer, type TestCatalogue } from './catalogue.js';
import type { TestLearner } from './learner.js';

/** Live tests in tests: schedule one that is open now, move its window, start, answer, close. */

/** A test of the catalogue's module, open from a minute ago for two hours. */
export async function scheduleOpenTest(db: Db, c: TestCatalogue): Promise<string> {
  const now = Date.now();
  const done = await scheduleTest(db, {
    moduleSlug: c.module.slug,
    opensAt: new Date(now - 60_000),
    closesAt: new Date(now + 2 * 3600_000),
  });
  return done.id;
}

/** Moves the window: `opens`/`closes` in seconds from the database's now (negative: past). */
export async function moveWindow(db: Db, testId: string, opens: number, closes: number): Promise<void> {
  await db.execute(sql`
    UPDATE scheduled_tests SET opens_at = now() + make_interval(secs => ${opens}::int),
      closes_at = now() + make_interval(secs => ${closes}::int)
    WHERE id = ${testId}::uuid`);
}

/**
 * The window closed `seconds` ago (past the save grace by default), and every session's deadline with
 * it, as time would have done: deadlines are never after the close.
 */
export async function closeTest(db: Db, testId: string, seconds = 20): Promise<void> {
  await db.execute(sql`
    UPDATE scheduled_tests SET opens_at = now() - interval '3 hours',
      closes_at = now() - make_interval(secs => ${seconds}::int)
    WHERE id = ${testId}::uuid`);
  await db.execute(sql`
    UPDATE assessments SET deadline = least(deadline, now() - make_interval(secs => ${seconds}::int))
    WHERE scheduled_test_id = ${testId}::uuid`);
  await db.execute(sql`
    UPDATE answer_sheets s SET deadline = a.deadline FROM assessments a
    WHERE a.id = s.assessment_id AND a.scheduled_test_id = ${testId}::uuid`);
}

/**
 * Closes every test's window (past the save grace), as time would: their papers return to the bank
 * (decision 0014), for a test that draws from a module earlier tests scheduled papers of.
 */
export async function closeAllTests(db: Db): Promise<void> {
  const open = await db.execute(
    sql`SELECT id FROM scheduled_tests WHERE closes_at > now() - interval '20 seconds'`,
  );
  for (const { id } of open.rows as { id: string }[]) await closeTest(db, id);
}

export function startLive(app: FastifyInstance, learner: TestLearner, c: TestCatalogue, testId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/assessment',
    headers: learner.headers,
    payload: { ...moduleTest(c), scheduledTestId: testId },
  });
}

/** Starts the test and answers `right` questions correctly, `wrong` wrongly (in session order). */
export async function takeLive(
  app: FastifyInstance,
  learner: TestLearner,
  c: TestCatalogue,
  testId: string,
  right: number,
  wrong = 0,
): Promise<SessionData> {
  const res = await startLive(app, learner, c, testId);
  if (res.statusCode !== 201) throw new Error(`live start failed: ${res.statusCode} ${res.body}`);
  const session = (res.json() as { data: SessionData }).data;
  const keys = await answerKey(app.db, session.assessment._id);
  for (const [i, e] of session.evaluation.entries()) {
    const key = keys.get(e._id)!;
    if (i < right)
      await save(app, learner, { evaluationId: e._id, userAnswer: key.answer, timeSpentSeconds: 30 });
    else if (i < right + wrong)
      await save(app, learner, { evaluationId: e._id, userAnswer: wrongAnswer(key), timeSpentSeconds: 60 });
  }
  return session;
}

export async function listLive(app: FastifyInstance, learner: TestLearner, examSlug?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/scheduled-tests${examSlug ? `?examSlug=${examSlug}` : ''}`,
    headers: learner.headers,
  });
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: ScheduledTestsData }).data;
}

export const rankingOf = (app: FastifyInstance, learner: TestLearner, testId: string) =>
  app.inject({ method: 'GET', url: `/api/v1/scheduled-tests/${testId}/ranking`, headers: learner.headers });
