import type { SessionData } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exams } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import {
  fetchResult,
  insertCatalogue,
  save,
  startSession,
  subjectQuiz,
  submit,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { scheduleOpenTest, startLive } from './helpers/live-tests.js';

// docs/import-format.md: how a real paper's keys, option order and solution letters reach a taker.
const BANK = ['metre', 'kilogram', 'second', 'newton'];
const QUESTIONS = [
  {
    text: 'Which is not an SI base unit?',
    options: BANK,
    answer: 'newton',
    explanation: 'A newton is kg m/s². Hence option (D) is correct; (A) and (C) are incorrect.',
  },
  {
    text: 'The half-life, in s (to within 0.01)?',
    // As a tolerance is computed: 130.01 − 130 is 0.00999999999999091 in floating point.
    key: { type: 'numerical' as const, min: 130 - 0.01, max: 130 + 0.01, value: 130 },
    explanation: 'From the table, 130 s.',
  },
];
const t = useTestApp();
let shuffled: TestCatalogue;
let kept: TestCatalogue;
let learner: TestLearner;
beforeAll(async () => {
  const subjects = [{ name: 'Physics', questions: QUESTIONS, questionCount: 2 }];
  shuffled = await insertCatalogue(t.app.db, { subjects, module: { questionCount: 2, durationMinutes: 60 } });
  kept = await insertCatalogue(t.app.db, { subjects, module: { questionCount: 2, durationMinutes: 60 } });
  await t.app.db.update(exams).set({ shuffleOptions: false }).where(eq(exams.id, kept.exam.id));
  learner = await createLearner(t.app);
});

const choice = (s: SessionData) => s.evaluation.find((e) => e.baseQuestion.questionType === 'single')!;
const numerical = (s: SessionData) => s.evaluation.find((e) => e.baseQuestion.questionType === 'numerical')!;
const letter = (options: string[], option: string) => 'ABCD'.charAt(options.indexOf(option));

describe('a real paper’s layout', () => {
  it('prints a tolerance as the key’s own decimals in the result and in practice feedback', async () => {
    const s = await startSession(t.app, learner, subjectQuiz(shuffled));
    await save(t.app, learner, { evaluationId: numerical(s)._id, userAnswer: '130.005' });
    expect((await submit(t.app, learner, s.assessment.slug)).statusCode).toBe(200);
    const result = await fetchResult(t.app, learner, s.assessment.slug);
    const row = result.evaluations.find((e) => e.baseQuestion.questionType === 'numerical')!;
    expect(row.baseAnswer).toBe('130 ± 0.01');
    expect(row.outcome).toBe('Correct');

    const p = await startSession(t.app, learner, { ...subjectQuiz(shuffled), type: 'practice' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/evaluations/${numerical(p)._id}/check`,
      headers: learner.headers,
      payload: { userAnswer: '131', confidence: 'sure', reveal: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.key.baseAnswer).toBe('130 ± 0.01');
  });

  it('keeps the paper’s option order when the exam says so, and shuffles by default', async () => {
    const orders = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const s = await startSession(t.app, learner, subjectQuiz(kept));
      expect(choice(s).baseQuestion.options).toEqual(BANK);
      orders.add(
        choice(await startSession(t.app, learner, subjectQuiz(shuffled))).baseQuestion.options.join(),
      );
    }
    // Eight draws of 24 orders all alike: about one chance in 4.6 billion.
    expect(orders.size).toBeGreaterThan(1);

    // A live test of such an exam keeps the order too.
    const testId = await scheduleOpenTest(t.app.db, kept);
    const live = await startLive(t.app, await createLearner(t.app), kept, testId);
    expect(live.statusCode).toBe(201);
    expect(choice((live.json() as { data: SessionData }).data).baseQuestion.options).toEqual(BANK);
  });

  it('turns an explanation’s option letters into the letters this taker saw', async () => {
    for (let i = 0; i < 3; i++) {
      const s = await startSession(t.app, learner, subjectQuiz(shuffled));
      expect((await submit(t.app, learner, s.assessment.slug)).statusCode).toBe(200);
      const result = await fetchResult(t.app, learner, s.assessment.slug);
      const row = result.evaluations.find((e) => e.baseQuestion.questionType === 'single')!;
      const shown = row.baseQuestion.options;
      const [a, c] = [letter(shown, 'metre'), letter(shown, 'second')];
      expect(row.explanation).toBe(
        `A newton is kg m/s². Hence option (${letter(shown, 'newton')}) is correct; (${a}) and (${c}) are incorrect.`,
      );
    }
  });
});
