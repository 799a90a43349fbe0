import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  answerKey,
  fetchResult,
  insertCatalogue,
  save,
  startSession,
  subjectQuiz,
  submit,
  expire,
} from './helpers/catalogue.js';
import { aiEnv, reply, startFakeOpenAi, type FakeOpenAi } from './helpers/fake-openai.js';
import { createLearner } from './helpers/learner.js';

/** Completion asks the configured model about free-text answers that do not match after normalisation. */
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
const t = useTestApp(() => aiEnv(fake));
beforeEach(() => {
  fake.reset();
  fake.setFallback(null);
});

const freeText = [
  { text: 'Solve 3x - 6 = 0 for x.', options: [], answer: 'x = 2' },
  { text: 'Name the gas plants take in for photosynthesis.', options: [], answer: 'carbon dioxide' },
  { text: 'What is 1.5 + 2?', options: [], answer: '3.5' },
];

async function quizWith(answers: Record<string, string>) {
  const catalogue = await insertCatalogue(t.app.db, {
    subjects: [{ name: 'Free Text', questions: freeText }],
  });
  const learner = await createLearner(t.app);
  const session = await startSession(t.app, learner, subjectQuiz(catalogue));
  const key = await answerKey(t.app.db, session.assessment._id);
  for (const evaluation of session.evaluation) {
    const expected = key.get(evaluation._id)!.answer;
    const given = answers[expected];
    if (given !== undefined)
      expect(
        (await save(t.app, learner, { evaluationId: evaluation._id, userAnswer: given })).statusCode,
      ).toBe(200);
  }
  return { learner, session };
}

describe('free-text grading at completion', () => {
  it('scores an equivalent answer the model accepts as correct and keeps its one-line reason', async () => {
    // Graded concurrently: answer by what is asked, not by arrival order.
    fake.setFallback((request) =>
      request.body.messages.at(-1)?.content.includes('carbon dioxide')
        ? reply.json({ correct: false, reason: 'Oxygen is given out, not taken in.' })
        : reply.json({ correct: true, reason: 'Both say x equals two.' }),
    );
    const { learner, session } = await quizWith({ 'x = 2': '2', 'carbon dioxide': 'oxygen', '3.5': '3.50' });
    expect((await submit(t.app, learner, session.assessment.slug)).statusCode).toBe(200);
    const result = await fetchResult(t.app, learner, session.assessment.slug);
    const byAnswer = new Map(result.evaluations.map((e) => [e.baseAnswer, e]));
    expect(byAnswer.get('x = 2')).toMatchObject({ score: 4, gradingNote: 'Both say x equals two.' });
    expect(byAnswer.get('carbon dioxide')).toMatchObject({
      score: -1,
      gradingNote: 'Oxygen is given out, not taken in.',
    });
    // Numbers stay deterministic: "3.50" = "3.5" without asking the model.
    expect(byAnswer.get('3.5')).toMatchObject({ score: 4, gradingNote: null });
    expect(result.assessment.score).toBe(7);
    expect(fake.requests).toHaveLength(2);
  });

  it('keeps the deterministic score when the model fails, and grades sessions the sweep completes', async () => {
    fake.script(reply.serverError(), reply.serverError(), reply.serverError());
    const { learner, session } = await quizWith({ 'x = 2': '2' });
    await expire(t.app.db, session.assessment._id);
    const result = await fetchResult(t.app, learner, session.assessment.slug);
    expect(result.assessment.sessionCompleted).toBe(true);
    expect(result.evaluations.find((e) => e.baseAnswer === 'x = 2')).toMatchObject({
      score: -1,
      gradingNote: null,
    });
  });
});
