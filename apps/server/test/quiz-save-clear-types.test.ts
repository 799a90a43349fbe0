import { quizMessages, type SessionData } from '@ai-tutor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, save, startSession, subjectQuiz, type QuestionSpec } from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

// Each question type has one way to clear an answer (the save route's description): the empty string for single,
// numerical and text, the empty list for multiple. A clear of the other shape is a 400 that writes
// nothing: the saved answer stays.
const QUESTIONS: QuestionSpec[] = [
  { text: 'Single: which is a vector?', options: ['Speed', 'Velocity', 'Mass', 'Time'], answer: 'Velocity' },
  {
    text: 'Multiple: which are SI base units?',
    options: ['metre', 'kilogram', 'second', 'newton'],
    key: { type: 'multiple', answers: ['metre', 'kilogram', 'second'] },
  },
  { text: 'Numerical: g in m/s²?', key: { type: 'numerical', min: 9.76, max: 9.86, value: 9.81 } },
  { text: 'Text: the SI unit of force?', options: [], answer: 'newton' },
];
const ANSWERS: Record<string, string | string[]> = {
  Single: 'Velocity',
  Multiple: ['metre', 'second'],
  Numerical: '9.8',
  Text: 'newton',
};
const WRONG_CLEARS: Record<string, (string | string[])[]> = {
  Single: [[]],
  Multiple: ['', '   '],
  Numerical: [[]],
  Text: [[]],
};

const t = useTestApp();
let session: SessionData;
let who: TestLearner;
beforeAll(async () => {
  const c = await insertCatalogue(t.app.db, {
    subjects: [{ name: 'Physics', questions: QUESTIONS, questionCount: 4 }],
  });
  who = await createLearner(t.app);
  session = await startSession(t.app, who, subjectQuiz(c));
});

const evaluationOf = (kind: string) =>
  session.evaluation.find((e) => e.baseQuestion.questionText.startsWith(`${kind}:`))!;

async function saved(kind: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/assessment/session/${session.assessment.slug}`,
    headers: who.headers,
  });
  const data = (res.json() as { data: SessionData }).data;
  return data.evaluation.find((e) => e._id === evaluationOf(kind)._id)!;
}
const savedAnswer = async (kind: string) => (await saved(kind)).userAnswer;

describe('clearing an answer takes the shape of its type', () => {
  for (const kind of Object.keys(ANSWERS)) {
    it(`${kind}: a clear of the other shape is a 400 and the answer stays`, async () => {
      const evaluationId = evaluationOf(kind)._id;
      expect((await save(t.app, who, { evaluationId, userAnswer: ANSWERS[kind]! })).statusCode).toBe(200);
      for (const wrong of WRONG_CLEARS[kind]!) {
        const res = await save(t.app, who, { evaluationId, userAnswer: wrong, markedForReview: true });
        expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
        expect(res.json()).toEqual({
          message: Array.isArray(wrong) ? quizMessages.answerNotOne : quizMessages.answerNotAList,
          data: null,
        });
        expect(await savedAnswer(kind)).toEqual(ANSWERS[kind]);
      }
      // Nothing of the refused save was written, not even its mark for review.
      expect((await saved(kind)).markedForReview).toBe(false);
    });

    it(`${kind}: its own clear empties the answer`, async () => {
      const evaluationId = evaluationOf(kind)._id;
      await save(t.app, who, { evaluationId, userAnswer: ANSWERS[kind]! });
      const clear = kind === 'Multiple' ? [] : '';
      const res = await save(t.app, who, { evaluationId, userAnswer: clear });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        data: { evaluation: { userAnswer: null, status: 'not_answered' } },
      });
      expect(await savedAnswer(kind)).toBeNull();
    });
  }

  it('a blank text answer still clears (whitespace is the empty string of a string type)', async () => {
    const evaluationId = evaluationOf('Text')._id;
    await save(t.app, who, { evaluationId, userAnswer: 'newton' });
    expect((await save(t.app, who, { evaluationId, userAnswer: '  ' })).statusCode).toBe(200);
    expect(await savedAnswer('Text')).toBeNull();
  });
});
