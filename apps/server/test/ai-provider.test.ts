import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { prompts } from '../src/services/ai/prompts.js';
import { AiError, createAiProvider, extractJson, type AiUsage } from '../src/services/ai/provider.js';
import { testConfig } from './helpers/app.js';
import { aiEnv, reply, startFakeOpenAi, type FakeOpenAi } from './helpers/fake-openai.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => fake.close());
beforeEach(() => fake.reset());

interface Logged {
  level: 'info' | 'warn';
  obj: object;
  msg: string;
}
function provider(env: Record<string, string> = {}, options: { maxRetries?: number } = {}) {
  const logged: Logged[] = [];
  const usage: AiUsage[] = [];
  const log = {
    info: (obj: object, msg: string) => logged.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg: string) => logged.push({ level: 'warn', obj, msg }),
  };
  const ai = createAiProvider(testConfig(aiEnv(fake, env)).ai, log, {
    onUsage: (u) => usage.push(u),
    ...options,
  });
  return { ai, logged, usage };
}

const explainInput = {
  question: 'What is the SI unit of force?',
  options: ['Newton', 'Joule', 'Watt'],
  correctAnswer: 'Newton',
  userAnswer: 'Joule',
  outcome: 'incorrect' as const,
  referenceExplanation: 'Force is measured in newtons.',
};
const goodExplain = {
  whyTempting: 'Joules appear in mechanics too.',
  whereItGoesWrong: 'Joule is energy.',
  method: 'F = ma, so kg·m/s² = N.',
};

describe('AI provider', () => {
  it('sends an OpenAI chat completion with the model, key, prompts and a JSON schema; returns the parsed answer', async () => {
    const { ai, usage } = provider();
    fake.script(reply.json(goodExplain, { prompt_tokens: 321, completion_tokens: 54, total_tokens: 375 }));
    await expect(ai.run(prompts.explain, explainInput)).resolves.toEqual(goodExplain);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer test-key');
    expect(request!.body.model).toBe('tutor-test-model');
    expect(request!.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request!.body.messages[0]!.content).toContain('AI TUTOR');
    const user = request!.body.messages[1]!.content;
    expect(user).toContain('What is the SI unit of force?');
    expect(user).toContain('A. Newton\nB. Joule\nC. Watt');
    expect(user).toContain('Correct answer: Newton');
    expect(user).toContain('<<<\nJoule\n>>>');
    expect(request!.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        name: 'explain_mistake',
        schema: { type: 'object', required: ['whyTempting', 'whereItGoesWrong', 'method'] },
      },
    });
    expect(usage).toEqual([
      expect.objectContaining({
        prompt: 'explain_mistake',
        version: 'explain-v1',
        model: 'tutor-test-model',
        promptTokens: 321,
        completionTokens: 54,
        totalTokens: 375,
      }),
    ]);
  });

  it('logs token usage at info without the prompt or the answer', async () => {
    const { ai, logged } = provider();
    fake.script(reply.json(goodExplain));
    await ai.run(prompts.explain, explainInput);
    const info = logged.filter((l) => l.level === 'info');
    expect(info).toHaveLength(1);
    expect(info[0]!.msg).toBe('ai usage');
    expect(info[0]!.obj).toMatchObject({ ai: { prompt: 'explain_mistake', totalTokens: 200 } });
    const everything = JSON.stringify(logged);
    expect(everything).not.toContain('SI unit');
    expect(everything).not.toContain('Joule');
  });

  it('retries a malformed answer once, telling the model what was wrong, and then succeeds', async () => {
    const { ai, logged } = provider();
    fake.script(reply.text('Sure! Here is your explanation: Joule is energy.'), reply.json(goodExplain));
    await expect(ai.run(prompts.explain, explainInput)).resolves.toEqual(goodExplain);
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]!.body.messages;
    expect(retry.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(retry[2]!.content).toBe('Sure! Here is your explanation: Joule is energy.');
    expect(retry[3]!.content).toMatch(/could not be used.*JSON/);
    expect(logged.some((l) => l.level === 'warn' && l.msg === 'ai answer malformed')).toBe(true);
  });

  it('reports a second malformed answer as an AiError, after exactly two requests', async () => {
    const { ai } = provider();
    fake.script(reply.json({ whyTempting: 'x' }), reply.json({ method: 42 }));
    const error = await ai.run(prompts.explain, explainInput).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect((error as AiError).kind).toBe('malformed');
    expect((error as AiError).message).toMatch(/method/);
    expect(fake.requests).toHaveLength(2);
  });

  it('accepts JSON inside code fences (local models add them)', async () => {
    expect(extractJson('```json\n{"a": 1}\n```')).toEqual({ a: 1 });
    const { ai } = provider();
    fake.script(reply.text('```json\n{"correct": true, "reason": "Same value."}\n```'));
    await expect(ai.run(prompts.grade, { question: 'q', expected: 'x = 2', given: '2' })).resolves.toEqual({
      correct: true,
      reason: 'Same value.',
    });
  });

  it('retries a 429 after the Retry-After the server asks for, then succeeds', async () => {
    const { ai, logged } = provider();
    fake.script(reply.rateLimited(30), reply.json(goodExplain));
    const started = Date.now();
    await expect(ai.run(prompts.explain, explainInput)).resolves.toEqual(goodExplain);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body).toEqual(fake.requests[0]!.body);
    expect(
      logged.some((l) => l.msg === 'ai request attempt failed' && JSON.stringify(l.obj).includes('429')),
    ).toBe(true);
  });

  it('retries 5xx with backoff and gives up after the retries, with an AiError', async () => {
    const { ai } = provider({}, { maxRetries: 2 });
    fake.script(reply.serverError(503), reply.serverError(502), reply.serverError(500));
    const error = await ai.run(prompts.explain, explainInput).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect((error as AiError).kind).toBe('http');
    expect((error as AiError).status).toBe(500);
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a 400 (the request itself is wrong)', async () => {
    const { ai } = provider();
    fake.script({ status: 400, body: { error: { message: 'bad request' } } });
    const error = await ai.run(prompts.explain, explainInput).catch((e: unknown) => e);
    expect((error as AiError).kind).toBe('http');
    expect(fake.requests).toHaveLength(1);
  });

  it('times out after AI_TIMEOUT_MS and does not repeat the request', async () => {
    const { ai } = provider({ AI_TIMEOUT_MS: '150' });
    fake.script(reply.slow(1500, reply.json(goodExplain)));
    const started = Date.now();
    const error = await ai.run(prompts.explain, explainInput).catch((e: unknown) => e);
    expect((error as AiError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1200);
    expect(fake.requests).toHaveLength(1);
  });

  it('the SDK retries a 5xx that names no delay, on its own backoff, and each failed attempt is logged', async () => {
    const { ai, logged } = provider();
    fake.script({ status: 502, body: { error: { message: 'Bad gateway' } } }, reply.json(goodExplain));
    await expect(ai.run(prompts.explain, explainInput)).resolves.toEqual(goodExplain);
    expect(fake.requests).toHaveLength(2);
    expect(logged.filter((l) => l.level === 'warn')).toEqual([
      {
        level: 'warn',
        obj: { ai: { prompt: 'explain_mistake', status: 502, attempt: 1 } },
        msg: 'ai request attempt failed',
      },
    ]);
  });

  it('AI_TIMEOUT_MS bounds the whole call: a 5xx, then an answer too slow, is one timeout and no third request', async () => {
    const { ai } = provider({ AI_TIMEOUT_MS: '300' });
    fake.script(reply.serverError(503), reply.slow(1500, reply.json(goodExplain)), reply.json(goodExplain));
    const error = await ai.run(prompts.explain, explainInput).catch((e: unknown) => e);
    expect((error as AiError).kind).toBe('timeout');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.requests).toHaveLength(2);
  });

  it('a Retry-After longer than AI_TIMEOUT_MS ends the call at the deadline instead of waiting it out', async () => {
    const { ai } = provider({ AI_TIMEOUT_MS: '200' });
    fake.script({ ...reply.rateLimited(), headers: { 'retry-after': '60' } }, reply.json(goodExplain));
    const error = await ai.run(prompts.explain, explainInput).catch((e: unknown) => e);
    expect((error as AiError).kind).toBe('timeout');
    expect(fake.requests).toHaveLength(1);
  });

  it('is disabled without AI_BASE_URL: nothing is sent and run rejects with not_configured', async () => {
    const ai = createAiProvider(testConfig().ai, { info: () => undefined, warn: () => undefined });
    expect(ai.enabled).toBe(false);
    const error = await ai.run(prompts.explain, explainInput).catch((e: unknown) => e);
    expect((error as AiError).kind).toBe('not_configured');
    expect(fake.requests).toHaveLength(0);
  });
});
