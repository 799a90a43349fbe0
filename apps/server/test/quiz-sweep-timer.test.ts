import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assessments, performanceRecords } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import { expire, insertCatalogue, startSession, subjectQuiz } from './helpers/catalogue.js';
import { createLearner } from './helpers/learner.js';

// The sweep plugin as the server runs it: a timer every SWEEP_INTERVAL_SECONDS, nobody calling it.
const t = useTestApp({ SWEEP_INTERVAL_SECONDS: '1' });

describe('quiz sweep timer', () => {
  it('completes an abandoned expired session on its own and counts it once', async () => {
    const c = await insertCatalogue(t.app.db, { subjects: [{ name: 'Physics', questions: 3 }] });
    const learner = await createLearner(t.app);
    const s = await startSession(t.app, learner, subjectQuiz(c));
    // Another learner's session, still running (one running attempt per learner and scope).
    const running = await startSession(t.app, await createLearner(t.app), subjectQuiz(c));
    await expire(t.app.db, s.assessment._id);

    const completed = async () =>
      (await t.app.db.select().from(assessments).where(eq(assessments.id, s.assessment._id)))[0]!;
    const deadline = Date.now() + 10_000;
    while (!(await completed()).sessionCompleted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const row = await completed();
    expect(row.sessionCompleted).toBe(true);
    expect(row.endTime?.getTime()).toBe(row.deadline.getTime());

    await new Promise((resolve) => setTimeout(resolve, 1500)); // more ticks change nothing
    const records = await t.app.db
      .select()
      .from(performanceRecords)
      .where(eq(performanceRecords.userId, learner.id));
    expect(records.map((r) => r.attempts)).toEqual([1]);
    const [other] = await t.app.db
      .select()
      .from(assessments)
      .where(eq(assessments.id, running.assessment._id));
    expect(other?.sessionCompleted).toBe(false);
  });
});
