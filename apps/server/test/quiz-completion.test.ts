import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments, performanceRecords } from '../src/db/schema.js';
import { sweepExpired } from '../src/services/quiz/complete.js';
import { useTestApp } from './helpers/app.js';
import {
  expire,
  fetchResult,
  insertCatalogue,
  save,
  startSession,
  submit,
  subjectQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
let c: TestCatalogue;
const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    subjects: [
      {
        name: 'Physics',
        questionCount: 7,
        topics: [{ name: 'Optics' }],
        questions: [
          { text: 'Q-right', options: ['lens', 'mirror', 'prism'], answer: 'lens', topic: 0 },
          { text: 'Q-wrong', options: ['red', 'green', 'blue'], answer: 'red', topic: 0 },
          { text: 'Q-decimal', answer: '3.5' },
          { text: 'Q-fraction', answer: '0.5' },
          { text: 'Q-case', answer: 'Paris' },
          { text: 'Q-blank', answer: '42' },
          { text: 'Q-cleared', answer: 'seven' },
        ],
      },
      { name: 'Chemistry', questionCount: 2, questions: 4 },
    ],
  });
});

/** What the learner types for each question of the scoring session, by question text. */
const answers: Record<string, string | undefined> = {
  'Q-right': 'lens',
  'Q-wrong': 'green',
  'Q-decimal': '3.50',
  'Q-fraction': '1/2',
  'Q-case': '  paris ',
  'Q-blank': undefined,
  'Q-cleared': 'seven',
};
const expected: Record<string, number | null> = {
  'Q-right': 4,
  'Q-wrong': -1,
  'Q-decimal': 4,
  'Q-fraction': 4,
  'Q-case': 4,
  'Q-blank': null,
  'Q-cleared': null,
};

const recordsOf = (userId: string) =>
  t.app.db.select().from(performanceRecords).where(eq(performanceRecords.userId, userId));
const assessmentRow = async (id: string) =>
  (await t.app.db.select().from(assessments).where(eq(assessments.id, id)))[0]!;

describe('completion and scoring', () => {
  let learner: TestLearner;
  beforeAll(async () => {
    learner = await createLearner(t.app);
  });

  it('scores 4 correct, -1 wrong, nothing for blank or cleared; free text compares normalised', async () => {
    const s = await startSession(t.app, learner, subjectQuiz(c, 0));
    for (const e of s.evaluation) {
      const answer = answers[e.baseQuestion.questionText];
      if (answer !== undefined) {
        expect((await save(t.app, learner, { evaluationId: e._id, userAnswer: answer })).statusCode).toBe(
          200,
        );
      }
      if (e.baseQuestion.questionText === 'Q-cleared')
        await save(t.app, learner, { evaluationId: e._id, userAnswer: '' });
    }
    const res = await submit(t.app, learner, s.assessment.slug);
    expect(res.statusCode).toBe(200);
    const done = res.json().data.assessment;
    expect(done).toMatchObject({ sessionCompleted: true, score: 15, answeredQuestion: 5, totalMarks: 28 });
    expect(Date.parse(done.endTime)).toBeLessThanOrEqual(Date.parse(done.deadline));
    expect(Date.parse(done.endTime)).toBeGreaterThanOrEqual(Date.parse(done.startTime));

    const result = await fetchResult(t.app, learner, s.assessment.slug);
    const scores = Object.fromEntries(result.evaluations.map((e) => [e.baseQuestion.questionText, e.score]));
    expect(scores).toEqual(expected);

    // Submitting again changes nothing: the same score, the records counted once.
    const again = await submit(t.app, learner, s.assessment.slug);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.assessment.score).toBe(15);
    const records = await recordsOf(learner.id);
    const subject = records.find((r) => r.entityType === 'subject')!;
    expect(subject).toMatchObject({
      entityId: c.subjects[0]!.id,
      attempts: 1,
      totalScore: 15,
      totalMarks: 28,
      lastAttemptScore: 15,
      highestScore: 15,
    });
    expect(subject.percentageSum).toBeCloseTo((15 / 28) * 100, 9);
    // The two Optics questions: 4 - 1 out of 8.
    const optics = records.find((r) => r.entityType === 'topic')!;
    expect(optics).toMatchObject({
      entityId: c.subjects[0]!.topics[0]!.id,
      attempts: 1,
      totalScore: 3,
      totalMarks: 8,
    });
    expect(records).toHaveLength(2);
  });

  it('concurrent submits complete a session once', async () => {
    const who = await createLearner(t.app);
    const s = await startSession(t.app, who, subjectQuiz(c, 1));
    const e = s.evaluation[0]!;
    await save(t.app, who, { evaluationId: e._id, userAnswer: e.baseQuestion.options[0]! });
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(t.app, who, s.assessment.slug)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const scores = new Set(results.map((r) => r.json().data.assessment.score));
    expect(scores.size).toBe(1);
    const [record] = await recordsOf(who.id);
    expect(record?.attempts).toBe(1);
  });
});

describe('expired sessions complete on their own', () => {
  it('the sweep completes expired sessions once, with endTime = deadline, and leaves running ones', async () => {
    // One running attempt per learner and scope (docs/product.md#running-attempts): three learners, one session each.
    const who = await createLearner(t.app);
    const expired = await startSession(t.app, who, subjectQuiz(c, 1));
    const inGrace = await startSession(t.app, await createLearner(t.app), subjectQuiz(c, 1));
    const running = await startSession(t.app, await createLearner(t.app), subjectQuiz(c, 1));
    const e = expired.evaluation[0]!;
    await save(t.app, who, { evaluationId: e._id, userAnswer: e.baseQuestion.options[1]! });
    await expire(t.app.db, expired.assessment._id, 60);
    await expire(t.app.db, inGrace.assessment._id, 3);

    // Two sweeps at once (as two server processes would) and one more after: one completion.
    const counts = await Promise.all([
      sweepExpired(t.app.db, t.app.quizHooks),
      sweepExpired(t.app.db, t.app.quizHooks),
    ]);
    await sweepExpired(t.app.db, t.app.quizHooks);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);

    const done = await assessmentRow(expired.assessment._id);
    expect(done.sessionCompleted).toBe(true);
    expect(done.endTime?.getTime()).toBe(done.deadline.getTime());
    expect(done.answeredQuestion).toBe(1);
    expect((await assessmentRow(inGrace.assessment._id)).sessionCompleted).toBe(false);
    expect((await assessmentRow(running.assessment._id)).sessionCompleted).toBe(false);

    const records = await recordsOf(who.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ entityType: 'subject', attempts: 1, totalMarks: done.totalMarks });
    expect(records[0]!.totalScore).toBe(done.score);
  });

  it("a sweep's batches run side by side and complete every expired session once", async () => {
    // Seven learners, batches of two, three workers: four batches taken by different workers at once.
    const learners = await Promise.all(Array.from({ length: 7 }, () => createLearner(t.app)));
    const sessions = [];
    for (const who of learners) {
      const s = await startSession(t.app, who, subjectQuiz(c, 1));
      const e = s.evaluation[0]!;
      await save(t.app, who, { evaluationId: e._id, userAnswer: e.baseQuestion.options[0]! });
      await expire(t.app.db, s.assessment._id, 60);
      sessions.push(s);
    }
    const completed = await sweepExpired(t.app.db, t.app.quizHooks, 2, 3);
    expect(completed).toBeGreaterThanOrEqual(7);
    expect(await sweepExpired(t.app.db, t.app.quizHooks)).toBe(0);
    for (const [i, s] of sessions.entries()) {
      const row = await assessmentRow(s.assessment._id);
      expect(row.sessionCompleted).toBe(true);
      expect(row.answeredQuestion).toBe(1);
      const records = await recordsOf(learners[i]!.id);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ attempts: 1, totalScore: row.score });
    }
  });

  it('a read of an expired session completes it first, once, however many reads race', async () => {
    const who = await createLearner(t.app);
    const s = await startSession(t.app, who, subjectQuiz(c, 1));
    await expire(t.app.db, s.assessment._id, 30);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
    const responses = await Promise.all([
      get(`/api/v1/assessment/session/${s.assessment.slug}`),
      get(`/api/v1/assessment/session/${s.assessment.slug}`),
      get(`/api/v1/assessment/get-session/${s.assessment.slug}`),
      submit(t.app, who, s.assessment.slug),
      get(`/api/v1/assessment/details?entityType=subject&entitySlug=${c.subjects[1]!.slug}`),
      sweepExpired(t.app.db, t.app.quizHooks),
    ]);
    const [session, , result] = responses.slice(0, 3) as Awaited<ReturnType<typeof get>>[];
    expect(session!.statusCode).toBe(200);
    expect(session!.json().data.assessment.sessionCompleted).toBe(true);
    expect(session!.json().data.assessment.endTime).toBe(session!.json().data.assessment.deadline);
    expect(result!.statusCode).toBe(200);
    expect(result!.json().data.assessment.score).toBe(0);
    const records = await recordsOf(who.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ attempts: 1, totalScore: 0, lastAttemptScore: 0 });
  });

  it('the attempts list completes expired sessions before listing them', async () => {
    const who = await createLearner(t.app);
    const s = await startSession(t.app, who, subjectQuiz(c, 1));
    const url = `/api/v1/assessment/details?entityType=subject&entitySlug=${c.subjects[1]!.slug}`;
    const before = await t.app.inject({ method: 'GET', url, headers: who.headers });
    expect(before.json().data.total).toBe(0);
    await expire(t.app.db, s.assessment._id);
    const after = await t.app.inject({ method: 'GET', url, headers: who.headers });
    expect(after.json().data.total).toBe(1);
    expect(after.json().data.assessments[0]).toMatchObject({
      slug: s.assessment.slug,
      sessionCompleted: true,
    });
  });
});
