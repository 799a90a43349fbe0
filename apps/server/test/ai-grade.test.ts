import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gradeFreeText, gradeFreeTextAnswers } from '../src/services/ai/grade-free-text.js';
import { createAiProvider } from '../src/services/ai/provider.js';
import { testConfig } from './helpers/app.js';
import { aiEnv, reply, startFakeOpenAi, type FakeOpenAi } from './helpers/fake-openai.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => fake.close());
beforeEach(() => fake.reset());

const quiet = { info: () => undefined, warn: () => undefined };
const ai = () => createAiProvider(testConfig(aiEnv(fake)).ai, quiet);

describe('gradeFreeText', () => {
  it('asks the model whether a non-matching free-text answer is equivalent and returns its verdict', async () => {
    fake.script(reply.json({ correct: true, reason: 'Both give the solution x = 2.\nSame value.' }));
    const verdict = await gradeFreeText(ai(), {
      question: 'Solve $x + 3 = 5$.',
      expected: 'x = 2',
      given: '2',
    });
    expect(verdict).toEqual({ correct: true, reason: 'Both give the solution x = 2. Same value.' });
    expect(fake.requests).toHaveLength(1);
    const { body } = fake.requests[0]!;
    expect(body.response_format?.json_schema?.name).toBe('grade_free_text');
    const user = body.messages[1]!.content;
    expect(user).toContain('Solve $x + 3 = 5$.');
    expect(user).toContain('Expected answer: x = 2');
    expect(user).toContain('<<<\n2\n>>>');
  });

  it('passes on a "not equivalent" verdict with its reason', async () => {
    fake.script(reply.json({ correct: false, reason: 'Oxygen is not water.' }));
    await expect(
      gradeFreeText(ai(), { question: 'What is H2O?', expected: 'water', given: 'oxygen' }),
    ).resolves.toEqual({ correct: false, reason: 'Oxygen is not water.' });
  });

  it('keeps numeric answers deterministic: no request, null', async () => {
    await expect(
      gradeFreeText(ai(), { question: 'g?', expected: '9.8', given: 'about 9.8' }),
    ).resolves.toBeNull();
    await expect(
      gradeFreeText(ai(), { question: 'half?', expected: '1/2', given: 'one half' }),
    ).resolves.toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it('asks nothing for an empty answer or one that already matches after normalisation', async () => {
    await expect(gradeFreeText(ai(), { question: 'q', expected: 'Paris', given: '  ' })).resolves.toBeNull();
    await expect(gradeFreeText(ai(), { question: 'q', expected: 'Paris', given: null })).resolves.toBeNull();
    await expect(
      gradeFreeText(ai(), { question: 'q', expected: 'Paris', given: ' paris ' }),
    ).resolves.toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it('returns null without a provider', async () => {
    const none = createAiProvider(testConfig().ai, quiet);
    await expect(gradeFreeText(none, { question: 'q', expected: 'x = 2', given: '2' })).resolves.toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it('returns null (the deterministic result stands) when the model answers malformed twice', async () => {
    fake.script(reply.text('yes'), reply.json({ verdict: 'yes' }));
    await expect(gradeFreeText(ai(), { question: 'q', expected: 'x = 2', given: '2' })).resolves.toBeNull();
    expect(fake.requests).toHaveLength(2);
  });

  it('returns null when the provider times out', async () => {
    const slow = createAiProvider(testConfig(aiEnv(fake, { AI_TIMEOUT_MS: '150' })).ai, quiet);
    fake.script(reply.slow(1000, reply.json({ correct: true, reason: 'ok' })));
    await expect(gradeFreeText(slow, { question: 'q', expected: 'x = 2', given: '2' })).resolves.toBeNull();
  });

  it('grades a session’s non-matching free-text answers in one go, asking only about those', async () => {
    fake.setFallback((request) => {
      const user = request.body.messages[1]!.content;
      return reply.json(
        user.includes('x + 3')
          ? { correct: true, reason: 'Same solution.' }
          : { correct: false, reason: 'Different substance.' },
      );
    });
    const verdicts = await gradeFreeTextAnswers(ai(), [
      { id: 'e1', question: 'Solve x + 3 = 5', options: [], expected: 'x = 2', given: '2' },
      { id: 'e2', question: 'What is H2O?', options: [], expected: 'water', given: 'oxygen' },
      { id: 'e3', question: 'Capital of France?', options: [], expected: 'Paris', given: 'paris' },
      { id: 'e4', question: 'Pick one', options: ['a', 'b'], expected: 'a', given: 'b' },
      { id: 'e5', question: 'g?', options: [], expected: '9.8', given: '10' },
      { id: 'e6', question: 'Unanswered', options: [], expected: 'yes', given: null },
    ]);
    expect(Object.fromEntries(verdicts)).toEqual({
      e1: { correct: true, reason: 'Same solution.' },
      e2: { correct: false, reason: 'Different substance.' },
    });
    expect(fake.requests).toHaveLength(2);
  });
});
