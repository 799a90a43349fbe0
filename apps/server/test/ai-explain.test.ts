import { aiMessages, EXPLAIN_RATE_LIMIT, explainData } from '@ai-tutor/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storedEvaluation } from './helpers/stored-evaluation.js';
import {
  insertCompletedAttempt,
  insertAttempt,
  insertQuestions,
  insertScope,
} from './helpers/ai-fixtures.js';
import { useTestApp } from './helpers/app.js';
import { aiEnv, reply, startFakeOpenAi, type FakeOpenAi } from './helpers/fake-openai.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

const explainUrl = (id: string) => `/api/v1/evaluations/${id}/explain`;
const goodExplain = {
  whyTempting: '2.5 m/s comes from dividing the acceleration by the time.',
  whereItGoesWrong: 'Speed grows with time: you multiply, not divide.',
  method: 'Use $v = u + at = 0 + 2 \\times 5 = 10$ m/s.',
};

describe('explain my mistake without an AI provider', () => {
  let learner: TestLearner;
  const t = useTestApp();
  beforeAll(async () => {
    learner = await createLearner(t.app);
  });

  it('returns the stored explanation with a clear note that it is not AI-made, and caches nothing', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    const res = await t.app.inject({
      method: 'POST',
      url: explainUrl(attempt.evaluationIds[1]!),
      headers: learner.headers,
    });
    expect(res.statusCode).toBe(200);
    const data = explainData.parse(res.json().data);
    expect(data).toEqual({
      explanation: 'v = u + at = 0 + 2 × 5 = 10 m/s.',
      aiGenerated: false,
      cached: false,
      notice: aiMessages.notConfigured,
    });
    expect(data.notice).toMatch(/AI tutor is not configured/);
    const row = await storedEvaluation(t.app.db, attempt.evaluationIds[1]!);
    expect(row!.aiExplanation).toBeNull();
  });

  it('says so when the question has no stored explanation, and still gives the correct answer', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    const res = await t.app.inject({
      method: 'POST',
      url: explainUrl(attempt.evaluationIds[2]!),
      headers: learner.headers,
    });
    expect(res.json().data).toEqual({
      explanation: 'The correct answer is: 9.8',
      aiGenerated: false,
      cached: false,
      notice: aiMessages.notConfiguredNoExplanation,
    });
  });
});

describe('explain my mistake with an AI provider', () => {
  let fake: FakeOpenAi;
  let learner: TestLearner;
  let other: TestLearner;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake.close();
  });
  const t = useTestApp(() => aiEnv(fake, { AI_TIMEOUT_MS: '300' }));
  beforeAll(async () => {
    learner = await createLearner(t.app, { name: 'Asha Verma' });
    other = await createLearner(t.app, { name: 'Ravi Kumar' });
  });
  beforeEach(() => fake.reset());

  const explain = (id: string, who: TestLearner = learner) =>
    t.app.inject({ method: 'POST', url: explainUrl(id), headers: who.headers });

  it('sends the question, options, correct answer and the learner’s answer (nothing personal) and caches the answer', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    const id = attempt.evaluationIds[1]!;
    fake.script(reply.json(goodExplain));
    const res = await explain(id);
    expect(res.statusCode).toBe(200);
    const data = explainData.parse(res.json().data);
    expect(data.aiGenerated).toBe(true);
    expect(data.cached).toBe(false);
    expect(data.notice).toBeNull();
    expect(data.explanation).toBe(
      'Why your answer was tempting: 2.5 m/s comes from dividing the acceleration by the time.\n\n' +
        'Where it goes wrong: Speed grows with time: you multiply, not divide.\n\n' +
        'How to reach the right answer: Use $v = u + at = 0 + 2 \\times 5 = 10$ m/s.',
    );

    expect(fake.requests).toHaveLength(1);
    const sent = JSON.stringify(fake.requests[0]!.body);
    const user = fake.requests[0]!.body.messages[1]!.content;
    expect(user).toContain('A car accelerates from rest');
    expect(user).toContain('A. 10 m/s\nB. 2.5 m/s\nC. 7 m/s\nD. 25 m/s');
    expect(user).toContain('Correct answer: 10 m/s');
    expect(user).toContain('<<<\n2.5 m/s\n>>>');
    expect(user).toContain('Outcome: incorrect');
    expect(user).toContain('Reference explanation: v = u + at');
    for (const personal of ['Asha', 'Verma', learner.email, learner.id]) expect(sent).not.toContain(personal);

    const row = await storedEvaluation(t.app.db, id);
    expect(row!.aiExplanation).toBe(data.explanation);

    // Asked again: read from the cache, the model is not asked.
    const again = await explain(id);
    expect(again.json().data).toEqual({ ...data, cached: true });
    expect(fake.requests).toHaveLength(1);
  });

  it('explains an unanswered question with the method only', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    fake.script(
      reply.json({ whyTempting: '', whereItGoesWrong: '', method: 'On Earth $g \\approx 9.8$ m/s².' }),
    );
    const res = await explain(attempt.evaluationIds[2]!);
    expect(res.json().data.explanation).toBe(
      'How to reach the right answer: On Earth $g \\approx 9.8$ m/s².',
    );
    const user = fake.requests[0]!.body.messages[1]!.content;
    expect(user).toContain('Learner’s answer: (not answered)');
    expect(user).toContain('Free-text answer (no options).');
    expect(user).toContain('Outcome: not attempted');
  });

  it('falls back to the stored explanation (not cached) when the model answers malformed twice', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    const id = attempt.evaluationIds[0]!;
    fake.script(reply.text('I think the answer is Newton.'), reply.json({ explanation: 'Newton' }));
    const res = await explain(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      explanation: 'Force is measured in newtons: 1 N = 1 kg·m/s².',
      aiGenerated: false,
      cached: false,
      notice: aiMessages.unavailable,
    });
    expect(fake.requests).toHaveLength(2);
    const row = await storedEvaluation(t.app.db, id);
    expect(row!.aiExplanation).toBeNull();

    // The next call asks again and can succeed.
    fake.script(reply.json(goodExplain));
    expect((await explain(id)).json().data.aiGenerated).toBe(true);
  });

  it('falls back when the model is slower than AI_TIMEOUT_MS', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    fake.script(reply.slow(2000, reply.json(goodExplain)));
    const started = Date.now();
    const res = await explain(attempt.evaluationIds[1]!);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(res.json().data).toMatchObject({ aiGenerated: false, notice: aiMessages.unavailable });
    expect(fake.requests).toHaveLength(1);
  });

  it('retries after a 429 from the provider and then explains', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    fake.script(reply.rateLimited(20), reply.json(goodExplain));
    const res = await explain(attempt.evaluationIds[1]!);
    expect(res.json().data).toMatchObject({ aiGenerated: true, cached: false });
    expect(fake.requests).toHaveLength(2);
  });

  it('is 404 for another learner’s evaluation and for unknown ids, and asks the model nothing', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    const res = await explain(attempt.evaluationIds[1]!, other);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: aiMessages.evaluationNotFound, data: null });
    expect((await explain('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await explain('not-a-uuid')).statusCode).toBe(404);
    expect(fake.requests).toHaveLength(0);
  });

  it('is 409 while the session is still running', async () => {
    const scope = await insertScope(t.app.db);
    const [q] = await insertQuestions(t.app.db, scope, [
      { text: 'Running question?', options: ['a', 'b'], answer: 'a' },
    ]);
    const running = await insertAttempt(
      t.app.db,
      scope,
      learner.id,
      [{ questionId: q!, answer: 'a', options: ['a', 'b'], userAnswer: 'b' }],
      { completed: false },
    );
    const res = await explain(running.evaluationIds[0]!);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(aiMessages.sessionRunning);
    expect(fake.requests).toHaveLength(0);
  });

  it('needs a signed-in learner', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    const res = await t.app.inject({ method: 'POST', url: explainUrl(attempt.evaluationIds[0]!) });
    expect(res.statusCode).toBe(401);
  });

  it(`is rate-limited per learner: call ${EXPLAIN_RATE_LIMIT.max + 1} in a minute is 429 with Retry-After`, async () => {
    const heavy = await createLearner(t.app);
    const { attempt } = await insertCompletedAttempt(t.app.db, heavy.id);
    fake.setFallback(() => reply.json(goodExplain));
    for (let i = 0; i < EXPLAIN_RATE_LIMIT.max; i++) {
      expect((await explain(attempt.evaluationIds[i % 3]!, heavy)).statusCode).toBe(200);
    }
    const limited = await explain(attempt.evaluationIds[0]!, heavy);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ data: null });

    // Another learner is not affected.
    const { attempt: theirs } = await insertCompletedAttempt(t.app.db, other.id);
    expect((await explain(theirs.evaluationIds[0]!, other)).statusCode).toBe(200);
  });
});
