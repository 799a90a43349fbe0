import { quizMessages, type ResultData, type SessionData } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { performanceRecords } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import {
  fetchResult,
  insertCatalogue,
  save,
  startSession,
  submit,
  subjectQuiz,
  type QuestionSpec,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

// docs/product.md#question-types: question types, how each is saved, and marks by the session's scheme.
const QUESTIONS: QuestionSpec[] = [
  { text: 'Which is a vector?', options: ['Speed', 'Velocity', 'Mass', 'Time'], answer: 'Velocity' },
  {
    text: 'Which are SI base units?',
    options: ['metre', 'kilogram', 'second', 'newton'],
    key: { type: 'multiple', answers: ['metre', 'kilogram', 'second'] },
  },
  {
    text: 'g in m/s² (to within 0.05)?',
    key: { type: 'numerical', min: 9.76, max: 9.86, value: 9.81 },
  },
  { text: 'A range: any number from 2 to 3', key: { type: 'numerical', min: 2, max: 3, value: null } },
];
let spec: TestCatalogue;
let advanced: TestCatalogue;
const t = useTestApp();
beforeAll(async () => {
  const subjects = [{ name: 'Physics', questions: QUESTIONS, questionCount: 4 }];
  spec = await insertCatalogue(t.app.db, { subjects });
  advanced = await insertCatalogue(t.app.db, {
    module: { name: 'JEE Advanced', markingScheme: 'jee-advanced' },
    subjects: [
      {
        name: 'Physics',
        questions: QUESTIONS.map((q) => ({ ...q, text: `${q.text} (A)` })),
        questionCount: 4,
      },
    ],
  });
});

const byText = (s: SessionData, start: string) =>
  s.evaluation.find((e) => e.baseQuestion.questionText.startsWith(start))!;

async function answerAll(who: TestLearner, s: SessionData, answers: Record<string, string | string[]>) {
  for (const [start, userAnswer] of Object.entries(answers)) {
    const res = await save(t.app, who, { evaluationId: byText(s, start)._id, userAnswer });
    expect(res.statusCode, start).toBe(200);
  }
}

describe('question types', () => {
  it('tells each question’s type, never its key, and saves what fits the type', async () => {
    const who = await createLearner(t.app);
    const s = await startSession(t.app, who, subjectQuiz(spec));
    expect(
      Object.fromEntries(s.evaluation.map((e) => [e.baseQuestion.questionText, e.baseQuestion.questionType])),
    ).toEqual({
      'Which is a vector?': 'single',
      'Which are SI base units?': 'multiple',
      'g in m/s² (to within 0.05)?': 'numerical',
      'A range: any number from 2 to 3': 'numerical',
    });
    const multiple = byText(s, 'Which are');
    const numerical = byText(s, 'g in');
    const single = byText(s, 'Which is');

    const saved = await save(t.app, who, {
      evaluationId: multiple._id,
      userAnswer: ['second', 'metre', 'second'],
    });
    expect(saved.json().data.evaluation).toMatchObject({
      userAnswer: ['second', 'metre'],
      status: 'answered',
    });
    const cleared = await save(t.app, who, { evaluationId: multiple._id, userAnswer: [] });
    expect(cleared.json().data.evaluation).toMatchObject({ userAnswer: null, status: 'not_answered' });

    const refusals: [string, string | string[], string][] = [
      [multiple._id, 'metre', quizMessages.answerNotAList],
      [multiple._id, ['metre', 'joule'], quizMessages.answerNotAnOption],
      [single._id, ['Velocity'], quizMessages.answerNotOne],
      [numerical._id, 'nine point eight', quizMessages.answerNotANumber],
      [numerical._id, '1e3', quizMessages.answerNotANumber],
    ];
    for (const [evaluationId, userAnswer, message] of refusals) {
      const res = await save(t.app, who, { evaluationId, userAnswer });
      expect(res.statusCode, JSON.stringify(userAnswer)).toBe(400);
      expect(res.json()).toEqual({ message, data: null });
    }
    // Nothing was written by the refusals: the running attempt, resumed, holds no answer.
    const resumed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assessment',
      headers: who.headers,
      payload: subjectQuiz(spec),
    });
    const again = (resumed.json() as { data: SessionData }).data;
    expect(again.evaluation.map((e) => e.userAnswer)).toEqual([null, null, null, null]);
  });

  it('marks by spec (+4/−1) for every type: multiple all-or-nothing, numerical within its range', async () => {
    const who = await createLearner(t.app);
    const s = await startSession(t.app, who, subjectQuiz(spec));
    expect(s.assessment.markingScheme.id).toBe('spec@1');
    expect(s.assessment.totalMarks).toBe(16);
    await answerAll(who, s, {
      'Which is': 'Velocity',
      'Which are': ['metre', 'kilogram'],
      'g in': '9.84',
      'A range': '3.5',
    });
    await submit(t.app, who, s.assessment.slug);
    const result: ResultData = await fetchResult(t.app, who, s.assessment.slug);
    const row = (start: string) =>
      result.evaluations.find((e) => e.baseQuestion.questionText.startsWith(start))!;
    expect(row('Which is')).toMatchObject({ score: 4, maxScore: 4, outcome: 'Correct' });
    expect(row('Which are')).toMatchObject({
      score: -1,
      outcome: 'Incorrect',
      correctOptions: ['metre', 'kilogram', 'second'],
      baseAnswer: 'metre; kilogram; second',
    });
    expect(row('g in')).toMatchObject({ score: 4, outcome: 'Correct', baseAnswer: '9.81 ± 0.05' });
    expect(row('A range')).toMatchObject({ score: -1, outcome: 'Incorrect', baseAnswer: '2 to 3' });
    expect(result.assessment.score).toBe(6);
  });

  it('marks by jee-advanced: partial marks for multiple, +3/0 numerical, −1 single; records use the marks', async () => {
    const who = await createLearner(t.app);
    const s = await startSession(t.app, who, subjectQuiz(advanced));
    expect(s.assessment.markingScheme).toMatchObject({ id: 'jee-advanced@1', name: 'jee-advanced' });
    expect(s.assessment.totalMarks).toBe(3 + 4 + 3 + 3);
    await answerAll(who, s, {
      'Which is': 'Speed',
      'Which are': ['metre', 'second'],
      'g in': '9.7',
      'A range': '2',
    });
    await submit(t.app, who, s.assessment.slug);
    const result = await fetchResult(t.app, who, s.assessment.slug);
    const row = (start: string) =>
      result.evaluations.find((e) => e.baseQuestion.questionText.startsWith(start))!;
    expect(row('Which is')).toMatchObject({ score: -1, maxScore: 3, outcome: 'Incorrect' });
    expect(row('Which are')).toMatchObject({ score: 2, maxScore: 4, outcome: 'Partially Correct' });
    expect(row('g in')).toMatchObject({ score: 0, maxScore: 3, outcome: 'Incorrect' });
    expect(row('A range')).toMatchObject({ score: 3, maxScore: 3, outcome: 'Correct' });
    expect(result.assessment.score).toBe(4);

    const [record] = await t.app.db
      .select()
      .from(performanceRecords)
      .where(eq(performanceRecords.userId, who.id));
    expect(record).toMatchObject({ attempts: 1, totalScore: 4, totalMarks: 13 });
  });
});
