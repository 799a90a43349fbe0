import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aiCommands } from '../src/cli/ai-commands.js';
import { questions } from '../src/db/schema.js';
import {
  checkGeneratedQuestion,
  generateQuestions,
  GenerationError,
} from '../src/services/ai/generate-questions.js';
import { createAiProvider } from '../src/services/ai/provider.js';
import { similarity } from '../src/services/ai/similarity.js';
import { insertQuestions, insertScope, type AiScope } from './helpers/ai-fixtures.js';
import { testConfig, useTestApp } from './helpers/app.js';
import { aiEnv, reply, startFakeOpenAi, type FakeOpenAi } from './helpers/fake-openai.js';
import { createLearner } from './helpers/learner.js';

const quiet = { info: () => undefined, warn: () => undefined };
const q = (
  text: string,
  extra: Partial<{ options: string[]; answer: string; explanation: string }> = {},
) => ({
  text,
  options: extra.options ?? ['Newton', 'Joule', 'Watt', 'Pascal'],
  answer: extra.answer ?? 'Newton',
  explanation: extra.explanation ?? 'Force is measured in newtons.',
});

describe('checks on generated questions', () => {
  it('accepts exactly one correct option among distinct options with an explanation', () => {
    expect(checkGeneratedQuestion(q('Unit of force?'))).toEqual({ problems: [], answer: 'Newton' });
    expect(checkGeneratedQuestion(q('Unit of force?', { answer: ' newton ' })).answer).toBe('Newton');
  });

  it('names each problem', () => {
    expect(checkGeneratedQuestion(q('Unit?', { answer: 'Dyne' })).problems).toEqual([
      'the answer is not among the options',
    ]);
    expect(checkGeneratedQuestion(q('Unit?', { options: ['Newton', 'newton', 'Watt'] })).problems).toEqual(
      expect.arrayContaining(['two options are the same', 'more than one option is correct']),
    );
    expect(checkGeneratedQuestion(q('Unit?', { explanation: '  ' })).problems).toEqual([
      'there is no explanation',
    ]);
    expect(checkGeneratedQuestion(q('Unit?', { options: ['Newton'] })).problems).toContain(
      'fewer than two options',
    );
  });

  it('measures near-duplicates on normalised content words', () => {
    expect(similarity('What is the SI unit of force?', 'what is the S.I. unit of force')).toBe(1);
    expect(
      similarity('What is the SI unit of force?', 'Which of the following is the SI unit of force?'),
    ).toBeGreaterThanOrEqual(0.85);
    expect(similarity('What is the SI unit of force?', 'What is the SI unit of power?')).toBeLessThan(0.85);
  });
});

describe('question generation', () => {
  let fake: FakeOpenAi;
  let scope: AiScope;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake.close();
  });
  const t = useTestApp(() => aiEnv(fake));
  beforeAll(async () => {
    scope = await insertScope(t.app.db, { questionCount: 10 });
    await insertQuestions(t.app.db, scope, [
      { text: 'What is the SI unit of force?', options: ['Newton', 'Joule'], answer: 'Newton' },
      { text: 'What is the SI unit of energy?', options: ['Newton', 'Joule'], answer: 'Joule' },
    ]);
  });
  beforeEach(() => fake.reset());

  const ai = () => createAiProvider(t.config.ai, quiet);

  it('saves checked questions as AI drafts, rejects bad and near-duplicate ones, and asks again to make up the count', async () => {
    fake.script(
      reply.json({
        questions: [
          q('Which quantity is measured in watts?', {
            options: ['Power', 'Force', 'Energy', 'Charge'],
            answer: 'Power',
          }),
          q('What is the S.I. unit of force', { options: ['Newton', 'Joule', 'Watt', 'Volt'] }), // duplicate of existing
          q('What is the unit of charge?', {
            options: ['Coulomb', 'Ampere', 'Volt', 'Ohm'],
            answer: 'Farad',
          }), // answer not an option
          q('Speed of light in vacuum (approx.)?', {
            options: ['3 × 10^8 m/s', '3 × 10^6 m/s', '3 × 10^5 km/s', '300 m/s'],
            answer: '3 × 10^8 m/s',
            explanation: '',
          }), // no explanation
        ],
      }),
      reply.json({
        questions: [
          q('Which quantity is measured in watts', {
            options: ['Power', 'Work', 'Energy', 'Charge'],
            answer: 'Power',
          }), // duplicate within the run
          q('What does a voltmeter measure?', {
            options: ['Potential difference', 'Current', 'Resistance', 'Power'],
            answer: 'Potential difference',
          }),
        ],
      }),
    );
    const progress: [number, number][] = [];
    const summary = await generateQuestions(t.app.db, ai(), {
      subjectSlug: scope.subject.slug,
      topicSlug: scope.topic.slug,
      count: 2,
      batchSize: 4,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(summary.saved.map((s) => s.text)).toEqual([
      'Which quantity is measured in watts?',
      'What does a voltmeter measure?',
    ]);
    expect(summary.rejected.map((r) => r.reason)).toEqual([
      expect.stringMatching(/^near-duplicate of an existing question: "What is the SI unit of force\?"/),
      'the answer is not among the options',
      'there is no explanation',
      expect.stringMatching(/^near-duplicate/),
    ]);
    expect(summary.requests).toBe(2);
    expect(progress).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);

    const rows = await t.app.db
      .select()
      .from(questions)
      .where(and(eq(questions.subjectId, scope.subject.id), eq(questions.source, 'ai')));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status).toBe('draft');
      expect(row.topicId).toBe(scope.topic.id);
      expect(row.options).toContain(row.answer);
      expect(row.explanation).toBeTruthy();
    }

    // What the model was asked: the scope, the count, and the existing questions not to repeat.
    const user = fake.requests[0]!.body.messages[1]!.content;
    expect(fake.requests[0]!.body.response_format?.json_schema?.name).toBe('generate_questions');
    expect(user).toContain(`Subject: ${scope.subject.name}`);
    expect(user).toContain(`Topic: ${scope.topic.name}`);
    expect(user).toContain('Write 2 new questions.');
    expect(user).toContain('- What is the SI unit of force?');
    expect(fake.requests[1]!.body.messages[1]!.content).toContain('Write 1 new question.');
    expect(fake.requests[1]!.body.messages[1]!.content).toContain('- Which quantity is measured in watts?');
  });

  it('stops after repeated provider failures and says why', async () => {
    fake.setFallback(() => reply.serverError(500));
    const summary = await generateQuestions(
      t.app.db,
      createAiProvider(t.config.ai, quiet, { maxRetries: 0 }),
      {
        subjectSlug: scope.subject.slug,
        count: 3,
      },
    );
    expect(summary.saved).toHaveLength(0);
    expect(summary.failedRequests).toBe(3);
    expect(summary.stoppedBecause).toMatch(/500/);
  });

  it('refuses unknown slugs and a missing provider', async () => {
    await expect(generateQuestions(t.app.db, ai(), { subjectSlug: 'nope', count: 1 })).rejects.toThrow(
      GenerationError,
    );
    await expect(
      generateQuestions(t.app.db, ai(), { subjectSlug: scope.subject.slug, topicSlug: 'nope', count: 1 }),
    ).rejects.toThrow(/No topic "nope"/);
    const none = createAiProvider(testConfig().ai, quiet);
    await expect(
      generateQuestions(t.app.db, none, { subjectSlug: scope.subject.slug, count: 1 }),
    ).rejects.toThrow(/No AI provider is configured: set AI_BASE_URL and AI_MODEL/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('CLI: ai generate-questions, questions review|approve|reject; drafts are never served', () => {
  let fake: FakeOpenAi;
  let scope: AiScope;
  let out: string[];
  let err: string[];
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake.close();
  });
  const t = useTestApp(() => aiEnv(fake));
  beforeAll(async () => {
    scope = await insertScope(t.app.db, { questionCount: 10 });
    await insertQuestions(t.app.db, scope, [
      { text: 'Active question one?', options: ['a', 'b'], answer: 'a' },
      { text: 'Active question two?', options: ['c', 'd'], answer: 'c' },
    ]);
  });
  beforeEach(() => {
    fake.reset();
    out = [];
    err = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void out.push(args.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void err.push(args.join(' ')));
  });
  afterEach(() => vi.restoreAllMocks());

  const run = (name: 'ai' | 'questions', ...args: string[]) =>
    aiCommands[name]!.run({ config: t.config, database: t.database, args });

  const startQuiz = async () => {
    const learner = await createLearner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assessment',
      headers: learner.headers,
      payload: {
        examSlug: scope.exam.slug,
        quizType: 'subject',
        moduleSlug: scope.module.slug,
        subjectSlug: scope.subject.slug,
        type: 'quiz',
      },
    });
    expect(res.statusCode).toBeLessThan(300);
    return (res.json().data.evaluation as { baseQuestion: { questionText: string } }[]).map(
      (e) => e.baseQuestion.questionText,
    );
  };

  it('generates drafts that a quiz never serves until they are approved; rejected drafts are deleted', async () => {
    fake.script(
      reply.json({
        questions: [
          q('Drafted question about momentum?', { options: ['kg·m/s', 'N', 'J', 'W'], answer: 'kg·m/s' }),
          q('Drafted question about pressure?', { options: ['Pa', 'N', 'J', 'W'], answer: 'Pa' }),
        ],
      }),
    );
    expect(await run('ai', 'generate-questions', '--subject', scope.subject.slug, '--count', '2')).toBe(0);
    expect(out.join('\n')).toMatch(/Saved 2 draft questions/);
    expect(out.join('\n')).toMatch(/1 request to the model, 200 tokens/);
    const drafts = await t.app.db
      .select({ id: questions.id, text: questions.text })
      .from(questions)
      .where(and(eq(questions.subjectId, scope.subject.id), eq(questions.status, 'draft')));
    expect(drafts).toHaveLength(2);

    // The quiz engine serves only active questions.
    expect((await startQuiz()).sort()).toEqual(['Active question one?', 'Active question two?']);

    out = [];
    expect(await run('questions', 'review', '--subject', scope.subject.slug)).toBe(0);
    const review = out.join('\n');
    for (const d of drafts) expect(review).toContain(d.id);
    expect(review).toContain('* kg·m/s');
    expect(review).toContain('- N');
    expect(review).toContain('Explanation: Force is measured in newtons.');

    const momentum = drafts.find((d) => d.text.includes('momentum'))!;
    const pressure = drafts.find((d) => d.text.includes('pressure'))!;
    out = [];
    expect(await run('questions', 'approve', momentum.id)).toBe(0);
    expect(out.join('\n')).toContain(`Approved ${momentum.id}`);
    expect(await run('questions', 'reject', pressure.id)).toBe(0);
    expect(await t.app.db.select().from(questions).where(eq(questions.id, pressure.id))).toHaveLength(0);

    expect((await startQuiz()).sort()).toEqual([
      'Active question one?',
      'Active question two?',
      'Drafted question about momentum?',
    ]);
  });

  it('never approves or deletes an active question, and reports unknown ids', async () => {
    const [active] = await insertQuestions(t.app.db, scope, [
      { text: 'Keep me active?', options: ['y', 'n'], answer: 'y' },
    ]);
    expect(await run('questions', 'reject', active!, 'not-an-id')).toBe(1);
    expect(err.join('\n')).toContain(`not a draft question: ${active}`);
    expect(err.join('\n')).toContain('not a draft question: not-an-id');
    const [row] = await t.app.db.select().from(questions).where(eq(questions.id, active!));
    expect(row!.status).toBe('approved');
  });

  it('explains bad usage and a missing provider with exit code 1', async () => {
    expect(await run('ai', 'generate-questions', '--subject', scope.subject.slug)).toBe(1);
    expect(err.join('\n')).toMatch(/--count must be a whole number/);
    expect(await run('ai', 'make-coffee')).toBe(1);
    expect(await run('questions', 'review')).toBe(1);
    expect(await run('questions', 'approve')).toBe(1);

    err = [];
    const none = await aiCommands.ai!.run({
      config: testConfig(),
      database: t.database,
      args: ['generate-questions', '--subject', scope.subject.slug, '--count', '1'],
    });
    expect(none).toBe(1);
    expect(err.join('\n')).toMatch(/No AI provider is configured/);
  });
});
