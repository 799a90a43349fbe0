import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aiCommands } from '../src/cli/ai-commands.js';
import { translationCommands } from '../src/cli/translation-commands.js';
import {
  auditLog,
  exams,
  modules,
  questions,
  questionTranslations,
  subjects,
  topics,
} from '../src/db/schema.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { approvedTranslations } from '../src/services/catalogue/translations.js';
import { fixture } from './fixtures/import/bank.js';
import { testConfig } from './helpers/app.js';
import { useTestDatabase } from './helpers/database.js';
import {
  aiEnv,
  reply,
  startFakeOpenAi,
  type FakeOpenAi,
  type RecordedRequest,
} from './helpers/fake-openai.js';

/** `npm run cli -- ai translate` against a local fake of the model (docs/decisions/0027-questions-in-two-languages.md). */

const database = useTestDatabase();
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => vi.restoreAllMocks());
beforeEach(async () => {
  fake.reset();
  for (const table of [auditLog, questionTranslations, questions, topics, subjects, modules, exams])
    await database.db.delete(table);
  await importFile(database.db, fixture('bilingual.yaml'));
  // The weight question loses its Hindi: two of the three questions now lack one.
  const [weight] = await database.db
    .select()
    .from(questions)
    .where(eq(questions.answer, '$19.6\\ \\mathrm{N}$'));
  await database.db.delete(questionTranslations).where(eq(questionTranslations.questionId, weight!.id));
});

async function cli(args: string[], config = testConfig(aiEnv(fake)), command = aiCommands.ai!) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  const code = await command.run({
    config,
    database,
    args: command === aiCommands.ai ? ['translate', ...args] : args,
  });
  vi.restoreAllMocks();
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const asked = (request: RecordedRequest) => request.body.messages.at(-1)!.content;

/** The model's Hindi: right for the weight question; for the scalar one, as many options as `scalarOptions`. */
function hindi(scalarOptions: string[]) {
  return (request: RecordedRequest) =>
    asked(request).includes('weight')
      ? reply.json({
          text: '$2\\ \\mathrm{kg}$ द्रव्यमान का भार क्या है? ($g = 9.8\\ \\mathrm{m/s^2}$)',
          options: [
            '$9.8\\ \\mathrm{N}$',
            '$19.6\\ \\mathrm{N}$',
            '$4.9\\ \\mathrm{N}$',
            '$2\\ \\mathrm{N}$',
          ],
          explanation: '$W = mg = 19.6\\ \\mathrm{N}$।',
          hints: ['भार एक बल है।', '$W = mg$ का प्रयोग करें।'],
          passage: null,
        })
      : reply.json({
          text: 'इनमें से कौन-सी अदिश राशि है?',
          options: scalarOptions,
          explanation: null,
          hints: [],
          passage: null,
        });
}

const drafts = () =>
  database.db
    .select({ text: questions.text, t: questionTranslations })
    .from(questionTranslations)
    .innerJoin(questions, eq(questions.id, questionTranslations.questionId))
    .where(eq(questionTranslations.source, 'ai'));

describe('ai translate', () => {
  it('drafts each missing Hindi translation, never approved, and refuses one whose options do not match', async () => {
    fake.setFallback(hindi(['वेग', 'चाल', 'विस्थापन']));
    const first = await cli(['--exam', 'bi-exam', '--to', 'hi']);
    expect(first.code).toBe(1);
    expect(first.out).toContain('2 questions had no "hi" translation.');
    expect(first.out).toContain('Saved 1 draft translation:');
    expect(first.out).toMatch(/Which of these is a scalar\?: it has 3 options; the question has 2/);
    // The model is shown the texts, never which option is right.
    const weightRequest = fake.requests.find((r) => asked(r).includes('weight'))!;
    expect(asked(weightRequest)).toContain('Target language: Hindi (hi)');
    expect(asked(weightRequest)).not.toMatch(/answer|correct|right/i);

    const saved = await drafts();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.t).toMatchObject({
      lang: 'hi',
      status: 'draft',
      source: 'ai',
      options: ['$9.8\\ \\mathrm{N}$', '$19.6\\ \\mathrm{N}$', '$4.9\\ \\mathrm{N}$', '$2\\ \\mathrm{N}$'],
      hints: ['भार एक बल है।', '$W = mg$ का प्रयोग करें।'],
    });

    // The next run asks only for what is still missing.
    fake.reset();
    fake.setFallback(hindi(['वेग', 'चाल']));
    const second = await cli(['--exam', 'bi-exam', '--to', 'hi']);
    expect(second.code).toBe(0);
    expect(second.out).toContain('1 question had no "hi" translation.');
    expect(fake.requests).toHaveLength(1);
    expect(await drafts()).toHaveLength(2);
    expect((await drafts()).every((d) => d.t.status === 'draft')).toBe(true);
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'question.translation.draft'));
    expect(audited.map((a) => a.after)).toEqual([
      expect.objectContaining({ lang: 'hi', status: 'draft', source: 'ai' }),
      expect.objectContaining({ lang: 'hi', status: 'draft', source: 'ai' }),
    ]);
  });

  it('an import of the language replaces the AI draft with the file’s approved texts and leaves the others', async () => {
    fake.setFallback(hindi(['वेग', 'चाल']));
    expect((await cli(['--exam', 'bi-exam', '--to', 'hi'])).code).toBe(0);
    await importFile(database.db, fixture('bilingual.yaml'));
    const rows = await database.db
      .select()
      .from(questionTranslations)
      .where(eq(questionTranslations.lang, 'hi'));
    expect(rows.map((r) => [r.source, r.status]).sort()).toEqual([
      ['ai', 'draft'],
      ['import', 'approved'],
      ['import', 'approved'],
    ]);
    // A screen in Hindi is given the approved ones only: the scalar question's AI draft stays unseen.
    const all = await database.db.select().from(questions);
    const shown = await approvedTranslations(
      database.db,
      all.map((q) => q.id),
      'hi',
    );
    expect([...shown.values()].map((t) => t.status)).toEqual(['approved', 'approved']);
    const scalar = all.find((q) => q.text.includes('scalar'))!;
    expect(shown.has(scalar.id)).toBe(false);
  });

  it('without a provider says so and exits 1; a language the exam is not offered in is refused', async () => {
    const none = await cli(['--exam', 'bi-exam', '--to', 'hi'], testConfig());
    expect(none.code).toBe(1);
    expect(none.err).toContain('ai translate: No AI provider is configured');
    expect(await drafts()).toEqual([]);

    const tamil = await cli(['--exam', 'bi-exam', '--to', 'ta']);
    expect(tamil.code).toBe(1);
    expect(tamil.err).toContain('The exam "bi-exam" is not offered in ta (its languages: en, hi)');
    const missing = await cli(['--to', 'hi']);
    expect(missing.err).toContain('--exam SLUG is required');
    expect(fake.requests).toEqual([]);
    expect(
      await database.db
        .select()
        .from(questionTranslations)
        .where(and(eq(questionTranslations.lang, 'ta'))),
    ).toEqual([]);
  });
});

describe('translations review|approve|reject', () => {
  const translations = (...args: string[]) => cli(args, testConfig(), translationCommands.translations!);

  it('shows each draft beside its original with the key by position; approving makes it showable, rejecting deletes it', async () => {
    fake.setFallback(hindi(['वेग', 'चाल']));
    expect((await cli(['--exam', 'bi-exam', '--to', 'hi'])).code).toBe(0);
    const listed = await translations('review', '--exam', 'bi-exam', '--lang', 'hi');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('translation: इनमें से कौन-सी अदिश राशि है?');
    expect(listed.out).toContain('* Speed  |  चाल');
    expect(listed.out).toContain('- Velocity  |  वेग');
    expect(listed.out).toContain('2 drafts.');

    const all = await drafts();
    const weight = all.find((d) => d.text.includes('weight'));
    const scalar = all.find((d) => d.text.includes('scalar'));
    expect(weight!.text).toContain('weight');
    const approved = await translations('approve', '--lang', 'hi', weight!.t.questionId);
    expect(approved.code).toBe(0);
    expect(approved.out).toContain('Approved 1 translation.');
    const rejected = await translations('reject', '--lang', 'hi', scalar!.t.questionId, 'not-an-id');
    expect(rejected.code).toBe(1);
    expect(rejected.err).toContain('no draft translation in "hi": not-an-id');

    const shown = await approvedTranslations(database.db, [weight!.t.questionId, scalar!.t.questionId], 'hi');
    expect([...shown.keys()]).toEqual([weight!.t.questionId]);
    expect(await drafts()).toHaveLength(1);
    const audited = await database.db.select({ action: auditLog.action }).from(auditLog);
    // The approval is a new version of the question, as the console's is.
    expect(audited.map((a) => a.action).sort()).toEqual([
      'question.edit',
      'question.translation.approve',
      'question.translation.draft',
      'question.translation.draft',
      'question.translation.reject',
    ]);
    expect((await translations('review', '--exam', 'bi-exam', '--lang', 'hi')).out).toContain(
      'No draft translations in "hi" for "bi-exam".',
    );
  });
});
