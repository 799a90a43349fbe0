import { performanceStatus } from '@ai-tutor/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { performanceRecords } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import {
  answerKey,
  insertCatalogue,
  moduleTest,
  save,
  startSession,
  submit,
  subjectQuiz,
  twoSubjectMock,
  wrongAnswer,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
let c: TestCatalogue;
const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, twoSubjectMock());
});

type Mark = 'right' | 'wrong' | 'blank';

/** Takes a four-question quiz answering in the given pattern, submits it, returns its score. */
async function attempt(
  learner: TestLearner,
  body: ReturnType<typeof subjectQuiz>,
  marks: Mark[],
): Promise<number> {
  const s = await startSession(t.app, learner, body);
  const key = await answerKey(t.app.db, s.assessment._id);
  for (const [i, e] of s.evaluation.entries()) {
    const k = key.get(e._id)!;
    const mark = marks[i] ?? 'blank';
    if (mark !== 'blank') {
      await save(t.app, learner, {
        evaluationId: e._id,
        userAnswer: mark === 'right' ? k.answer : wrongAnswer(k),
      });
    }
  }
  const res = await submit(t.app, learner, s.assessment.slug);
  return res.json().data.assessment.score as number;
}

async function record(learnerId: string, entityType: 'exam_module' | 'subject' | 'topic', entityId: string) {
  const [row] = await t.app.db
    .select()
    .from(performanceRecords)
    .where(
      and(
        eq(performanceRecords.userId, learnerId),
        eq(performanceRecords.entityType, entityType),
        eq(performanceRecords.entityId, entityId),
      ),
    );
  return row!;
}
const average = (r: { percentageSum: number; attempts: number }) => r.percentageSum / r.attempts;

describe('performance records', () => {
  it('add up across attempts, negative scores included', async () => {
    const learner = await createLearner(t.app);
    const physics = c.subjects[0]!.id;
    expect(await attempt(learner, subjectQuiz(c, 0), ['wrong', 'wrong', 'wrong', 'wrong'])).toBe(-4);
    let r = await record(learner.id, 'subject', physics);
    // The first attempt is negative: the highest score is that, not the column's default of 0.
    expect(r).toMatchObject({
      attempts: 1,
      totalScore: -4,
      totalMarks: 16,
      lastAttemptScore: -4,
      highestScore: -4,
    });
    expect(average(r)).toBeCloseTo(-25, 9);

    expect(await attempt(learner, subjectQuiz(c, 0), ['right', 'right', 'right', 'right'])).toBe(16);
    expect(await attempt(learner, subjectQuiz(c, 0), ['right', 'right', 'blank', 'blank'])).toBe(8);
    r = await record(learner.id, 'subject', physics);
    expect(r).toMatchObject({
      attempts: 3,
      totalScore: 20,
      totalMarks: 48,
      lastAttemptScore: 8,
      highestScore: 16,
    });
    expect(r.percentageSum).toBeCloseTo(-25 + 100 + 50, 9);
    expect(average(r)).toBeCloseTo(125 / 3, 9);
    expect(performanceStatus(average(r))).toBe('Average');

    // Every Physics question is in Waves: the topic record follows the same attempts.
    const waves = await record(learner.id, 'topic', c.subjects[0]!.topics[0]!.id);
    expect(waves).toMatchObject({
      attempts: 3,
      totalScore: 20,
      totalMarks: 48,
      highestScore: 16,
      lastAttemptScore: 8,
    });
  });

  it('is Good at exactly 50 and Average just below', async () => {
    const fifty = await createLearner(t.app);
    await attempt(fifty, subjectQuiz(c, 1), ['right', 'right', 'blank', 'blank']);
    const r50 = await record(fifty.id, 'subject', c.subjects[1]!.id);
    expect(average(r50)).toBe(50);
    expect(performanceStatus(average(r50))).toBe('Good');

    // Two attempts averaging exactly 50: 75 % and 25 %.
    const mixed = await createLearner(t.app);
    await attempt(mixed, subjectQuiz(c, 1), ['right', 'right', 'right', 'blank']);
    await attempt(mixed, subjectQuiz(c, 1), ['right', 'blank', 'blank', 'blank']);
    const rMixed = await record(mixed.id, 'subject', c.subjects[1]!.id);
    expect(average(rMixed)).toBe(50);
    expect(performanceStatus(average(rMixed))).toBe('Good');

    const below = await createLearner(t.app);
    await attempt(below, subjectQuiz(c, 1), ['right', 'right', 'wrong', 'blank']);
    const rBelow = await record(below.id, 'subject', c.subjects[1]!.id);
    expect(average(rBelow)).toBeCloseTo(43.75, 9);
    expect(performanceStatus(average(rBelow))).toBe('Average');
  });

  it('a mock test counts for the module, and the subjects and topics it answered', async () => {
    const learner = await createLearner(t.app);
    // 4 questions over two subjects: 2 Physics (both in Waves), then 2 Chemistry.
    const score = await attempt(learner, moduleTest(c), ['right', 'wrong', 'right', 'blank']);
    expect(score).toBe(7);
    expect(await record(learner.id, 'exam_module', c.module.id)).toMatchObject({
      attempts: 1,
      totalScore: 7,
      totalMarks: 16,
      highestScore: 7,
    });
    expect(await record(learner.id, 'topic', c.subjects[0]!.topics[0]!.id)).toMatchObject({
      attempts: 1,
      totalScore: 3,
      totalMarks: 8,
    });
    const rows = await t.app.db
      .select()
      .from(performanceRecords)
      .where(eq(performanceRecords.userId, learner.id));
    expect(rows.map((r) => r.entityType).sort()).toEqual(['exam_module', 'subject', 'subject', 'topic']);
  });
});

describe('score trend on the exam page', () => {
  it('lists each module and subject record’s attempt percentages, oldest first', async () => {
    const learner = await createLearner(t.app);
    await attempt(learner, subjectQuiz(c), ['right', 'right', 'blank', 'blank']); // 8 / 16 = 50 %
    await attempt(learner, subjectQuiz(c), ['right', 'wrong', 'wrong', 'wrong']); // 1 / 16 = 6.25 %
    await attempt(learner, moduleTest(c), ['right', 'right', 'right', 'right']); // 16 / 16 = 100 %
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user-records', headers: learner.headers });
    const records = res.json().data.data as {
      subject: { slug: string } | null;
      examModule: { slug: string } | null;
      recentPercentages: number[];
    }[];
    const physics = records.find((r) => r.subject?.slug === c.subjects[0]!.slug);
    const module = records.find((r) => r.examModule?.slug === c.module.slug);
    // The mock test is a point of Physics too (its Physics share: 8 / 8), as its record counts it.
    expect(physics?.recentPercentages).toEqual([50, 6.3, 100]);
    expect(module?.recentPercentages).toEqual([100]);
  });
});
