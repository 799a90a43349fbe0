import type { ResultData, SessionData } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keyCommands } from '../src/cli/key-commands.js';
import { reportCommands } from '../src/cli/report-commands.js';
import { useTestApp } from './helpers/app.js';
import {
  fetchResult,
  insertCatalogue,
  optionQuestions,
  save,
  startSession,
  submit,
  subjectQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

// docs/product.md#question-reports: learners report questions, operators list and resolve the reports (a key correction
// resolves them too); and the coach on a result says what wrong answers cost and whether guessing pays.
let c: TestCatalogue;
let a: TestLearner;
let b: TestLearner;

const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    subjects: [
      {
        name: 'Physics',
        questionCount: 6,
        topics: [{ name: 'Waves' }],
        questions: [...optionQuestions('Waves', 4, 0), ...optionQuestions('Loose', 2)],
      },
    ],
  });
  a = await createLearner(t.app);
  b = await createLearner(t.app);
});
afterEach(() => vi.restoreAllMocks());

async function cli(command: 'reports' | 'keys', ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
  const commands = command === 'reports' ? reportCommands : keyCommands;
  const code = await commands[command]!.run({ config: t.config, database: t.database, args });
  vi.restoreAllMocks();
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Answers by question text: 'right', 'wrong' or absent (blank). */
async function take(who: TestLearner, answers: Record<string, 'right' | 'wrong'>): Promise<SessionData> {
  const s = await startSession(t.app, who, subjectQuiz(c));
  for (const e of s.evaluation) {
    const how = answers[e.baseQuestion.questionText];
    if (!how) continue;
    const [topic, n] = e.baseQuestion.questionText.split(' question ');
    await save(t.app, who, {
      evaluationId: e._id,
      userAnswer: how === 'right' ? `${topic} ${n} right` : `${topic} ${n} wrong a`,
    });
  }
  await submit(t.app, who, s.assessment.slug);
  return s;
}

const report = (who: TestLearner, questionId: string, payload: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/questions/${questionId}/reports`,
    headers: who.headers,
    payload,
  });

describe('question reports', () => {
  it('a learner reports a question they were given; another question, or a bad reason, is refused', async () => {
    await take(a, {});
    const [q1, q2] = c.subjects[0]!.questionIds;
    const first = await report(a, q1!, { reason: 'typo', note: 'Speed is misspelt' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Thank you. The question has been reported and will be checked.',
      data: { report: { questionId: q1, reason: 'typo', note: 'Speed is misspelt', status: 'open' } },
    });
    const again = await report(a, q1!, { reason: 'wrong-key' });
    expect(again.json()).toMatchObject({
      message: 'Thank you. Your report on this question has been updated.',
      data: { report: { reason: 'wrong-key', note: null } },
    });
    expect((await report(a, q2!, { reason: 'unclear' })).statusCode).toBe(200);
    // b was never given these questions.
    expect((await report(b, q1!, { reason: 'typo' })).statusCode).toBe(404);
    expect((await report(a, q1!, { reason: 'boring' })).statusCode).toBe(400);
    await take(b, {});
    expect((await report(b, q1!, { reason: 'wrong-key', note: 'B is right' })).statusCode).toBe(200);
  });

  it('operators list them by question with counts per reason, and resolve them', async () => {
    const [q1, q2] = c.subjects[0]!.questionIds;
    const listed = await cli('reports', 'list');
    expect(listed.code).toBe(0);
    const lines = listed.out.split('\n');
    expect(lines[0]).toContain(q1);
    expect(lines[0]).toContain('2 reports (wrong-key 2)');
    expect(listed.out).toContain('B is right');
    expect(listed.out).toContain(`${q2}  1 report (unclear 1)`);

    const resolved = await cli('reports', 'resolve', q2!, '--note', 'reworded');
    expect(resolved.out).toBe(`Resolved 1 open report on question ${q2}.`);
    expect((await cli('reports', 'list')).out).not.toContain(q2);
    expect((await cli('reports', 'list', '--status', 'resolved')).out).toContain(q2);
    expect((await cli('reports', 'list', '--status', 'maybe')).code).toBe(1);
    expect((await cli('reports', 'resolve', 'not-an-id')).code).toBe(1);
  });

  it("a key correction of the question resolves its open reports with the correction's id", async () => {
    const [q1] = c.subjects[0]!.questionIds;
    const done = await cli('keys', 'correct', q1!, '--answer', 'Waves 1 wrong a', '--reason', 'reported');
    expect(done.code).toBe(0);
    expect(done.out).toContain('Resolved 2 open learner report(s) on it.');
    const rows = await t.app.db.execute(sql`
      SELECT r.status, r.correction_id = k.id AS linked FROM question_reports r
      JOIN key_corrections k ON k.question_id = r.question_id WHERE r.question_id = ${q1!}`);
    expect(rows.rows).toEqual([
      { status: 'resolved', linked: true },
      { status: 'resolved', linked: true },
    ]);
    expect((await cli('reports', 'list')).out).toBe('No open reports.');
  });
});

describe('the coach on a result', () => {
  it('says what wrong answers cost, what blanks left, and per topic whether attempting pays', async () => {
    const learner = await createLearner(t.app);
    // History in Waves: 2 of 4 right over two sessions before this one.
    await take(learner, { 'Waves question 2': 'right', 'Waves question 3': 'wrong' });
    const s = await take(learner, {
      'Waves question 2': 'right',
      'Waves question 3': 'wrong',
      'Loose question 1': 'wrong',
    });
    const result: ResultData = await fetchResult(t.app, learner, s.assessment.slug);
    expect(result.coach).toBeDefined();
    const coach = result.coach!;
    // spec: +4 / −1. Two wrong answers, three blanks (one Waves question's key was corrected above:
    // "Waves question 1" is blank here either way).
    expect(coach.marksLostToWrong).toBe(2);
    expect(coach.marksLeftUnattempted).toBe(12);
    expect(coach.blindGuess).toEqual({ options: 4, marksRight: 4, marksWrong: -1, expected: 0.25 });
    const waves = coach.topics.find((x) => x.topic?.name === 'Waves')!;
    expect(waves).toMatchObject({
      attempted: 2,
      correct: 1,
      wrong: 1,
      unattempted: 2,
      accuracy: 0.5,
      historyAnswers: 4,
      marksRight: 4,
      marksWrong: -1,
      expectedPerAttempt: 1.5, // 0.5 × 4 + 0.5 × (−1)
      advice: 'not enough data', // 4 answers < 10
    });
    expect(coach.topics.find((x) => x.topic === null)).toMatchObject({
      attempted: 1,
      wrong: 1,
      accuracy: null,
      advice: 'not enough data',
    });
  });

  it('with enough answers it advises attempting when the expected marks are above zero, else skipping', async () => {
    const { adviceFor, expectedPerAttempt } = await import('../src/services/review/coach.js');
    // +4/−1: break-even at 20 % accuracy.
    expect(expectedPerAttempt(0.2, 4, -1)).toBe(0);
    expect(adviceFor(expectedPerAttempt(0.3, 4, -1), 12)).toBe('attempt');
    expect(adviceFor(expectedPerAttempt(0.15, 4, -1), 12)).toBe('skip');
    // JEE Advanced multiple-correct: +4/−2, break-even at one third.
    expect(adviceFor(expectedPerAttempt(0.3, 4, -2), 50)).toBe('skip');
    expect(adviceFor(expectedPerAttempt(0.3, 4, -2), 5)).toBe('not enough data');
  });
});
