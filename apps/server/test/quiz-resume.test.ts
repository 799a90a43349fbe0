import type { RunningAttemptsData, SessionData } from '@ai-tutor/contract';
import { quizMessages } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments, performanceRecords } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import { expire, insertCatalogue, save, subjectQuiz, type TestCatalogue } from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

// docs/product.md#running-attempts: one running attempt per learner and scope, answered to every start on any device.
let c: TestCatalogue;
const t = useTestApp();
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
const dataOf = (res: { json: () => unknown }) => (res.json() as { data: SessionData }).data;
const running = async (who: TestLearner) =>
  (
    (
      await t.app.inject({ method: 'GET', url: '/api/v1/assessment/running', headers: who.headers })
    ).json() as { data: RunningAttemptsData }
  ).data.attempts;

describe('one running attempt, resumed from any device', () => {
  it('a second start answers the running attempt: same slug, questions, answers, marks and clock', async () => {
    const learner = await createLearner(t.app);
    const first = await start(learner);
    expect(first.statusCode).toBe(201);
    const phone = dataOf(first);
    const [a, b] = phone.evaluation;
    await save(t.app, learner, { evaluationId: a!._id, userAnswer: a!.baseQuestion.options[2]! });
    await save(t.app, learner, { evaluationId: b!._id, markedForReview: true });

    const second = await start(learner);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ message: quizMessages.resumed });
    const laptop = dataOf(second);
    expect(laptop.assessment.slug).toBe(phone.assessment.slug);
    expect(laptop.assessment.startTime).toBe(phone.assessment.startTime);
    expect(laptop.assessment.deadline).toBe(phone.assessment.deadline);
    expect(laptop.assessment.answeredQuestion).toBe(1);
    expect(laptop.evaluation.map((e) => [e._id, e.baseQuestion.options])).toEqual(
      phone.evaluation.map((e) => [e._id, e.baseQuestion.options]),
    );
    expect(laptop.evaluation[0]).toMatchObject({
      userAnswer: a!.baseQuestion.options[2],
      status: 'answered',
    });
    expect(laptop.evaluation[1]).toMatchObject({ userAnswer: null, markedForReview: true });
    // Nothing leaks on a resume either.
    expect(second.body).not.toMatch(/Because|"score":\d|"baseAnswer"/);

    const listed = await running(learner);
    expect(listed).toEqual([
      expect.objectContaining({
        slug: phone.assessment.slug,
        deadline: phone.assessment.deadline,
        answeredQuestion: 1,
      }),
    ]);
  });

  it('starting afresh submits the running attempt (counted once) and starts a new one', async () => {
    const learner = await createLearner(t.app);
    const old = dataOf(await start(learner));
    const fresh = await start(learner, { startAfresh: true });
    expect(fresh.statusCode).toBe(201);
    expect(dataOf(fresh).assessment.slug).not.toBe(old.assessment.slug);
    const [oldRow] = await t.app.db.select().from(assessments).where(eq(assessments.id, old.assessment._id));
    expect(oldRow).toMatchObject({ sessionCompleted: true, score: 0 });
    const records = await t.app.db
      .select()
      .from(performanceRecords)
      .where(eq(performanceRecords.userId, learner.id));
    expect(records.map((r) => r.attempts)).toEqual([1]);
    expect((await running(learner)).map((r) => r.slug)).toEqual([dataOf(fresh).assessment.slug]);
  });

  it('starts racing from two tabs make one session', async () => {
    const learner = await createLearner(t.app);
    const results = await Promise.all(Array.from({ length: 6 }, () => start(learner)));
    for (const res of results) expect([200, 201]).toContain(res.statusCode);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => dataOf(r).assessment.slug)).size).toBe(1);
    const rows = await t.app.db.select().from(assessments).where(eq(assessments.userId, learner.id));
    expect(rows).toHaveLength(1);
  });

  it('an attempt past its deadline is completed and a new one starts', async () => {
    const learner = await createLearner(t.app);
    const old = dataOf(await start(learner));
    await expire(t.app.db, old.assessment._id, 2); // inside the grace: saves would still land
    const next = await start(learner);
    expect(next.statusCode).toBe(201);
    expect(dataOf(next).assessment.slug).not.toBe(old.assessment.slug);
    const [oldRow] = await t.app.db.select().from(assessments).where(eq(assessments.id, old.assessment._id));
    expect(oldRow?.sessionCompleted).toBe(true);
    expect(oldRow?.endTime?.getTime()).toBe(oldRow?.deadline.getTime());
  });

  it("another learner's start is their own attempt", async () => {
    const one = await createLearner(t.app);
    const other = await createLearner(t.app);
    const a = dataOf(await start(one));
    const b = await start(other);
    expect(b.statusCode).toBe(201);
    expect(dataOf(b).assessment.slug).not.toBe(a.assessment.slug);
    expect(await running(other)).toHaveLength(1);
  });
});
