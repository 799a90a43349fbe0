import type { MistakesData } from '@ai-tutor/contract';
import { and, eq, like } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { translationCommands } from '../src/cli/translation-commands.js';
import { auditLog, questions, questionTranslations, questionVersions } from '../src/db/schema.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { fixture, scratchFile } from './fixtures/import/bank.js';
import { testConfig, useTestApp } from './helpers/app.js';
import { save, startSession, submit } from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { getAs } from './helpers/question-edit.js';

/**
 * Versions cover translations whoever changes them (docs/languages.md#the-console): a re-import that
 * changes a question's approved Hindi and the CLI's `translations approve` make a new version as the
 * console's approval does, so a session keeps the Hindi it was shown, the history lists the change, and
 * the notebook reads the Hindi of the version its session was given.
 */
const t = useTestApp();

const OLD_HI = 'पृथ्वी के निकट गुरुत्वीय त्वरण';
const NEW_HI = 'पृथ्वी की सतह के पास गुरुत्वीय त्वरण';
const paper = { examSlug: 'bi-exam', quizType: 'module' as const, moduleSlug: 'bi-paper-1', language: 'hi' };

beforeAll(async () => {
  await importFile(t.app.db, fixture('bilingual.yaml'));
});

const questionOf = async (start: string) =>
  (
    await t.app.db
      .select()
      .from(questions)
      .where(like(questions.text, `${start}%`))
  )[0]!;

/** The Hindi text a session shows for the question whose English starts with `start`; null: none. */
async function hindiIn(learner: TestLearner, slug: string, start: string): Promise<string | null> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/assessment/session/${slug}`,
    headers: learner.headers,
  });
  const e = res
    .json()
    .data.evaluation.find((x: { baseQuestion: { questionText: string } }) =>
      x.baseQuestion.questionText.startsWith(start),
    );
  return e.baseQuestion.translations?.hi?.questionText ?? null;
}

describe('versions cover translations an import or the CLI changes', () => {
  it('a re-import that changes the Hindi is a new version: the session and its notebook keep the old Hindi', async () => {
    const editor = await createStaff(t.app, 'editor');
    const learner = await createLearner(t.app);
    const before = await startSession(t.app, learner, paper);
    const gravity = before.evaluation.find((e) =>
      e.baseQuestion.questionText.startsWith('The acceleration'),
    )!;
    await save(t.app, learner, { evaluationId: gravity._id, userAnswer: '$9.8\\ \\mathrm{N}$' });
    expect((await submit(t.app, learner, before.assessment.slug)).statusCode).toBe(200);

    const file = readFileSync(fixture('bilingual.yaml'), 'utf8').replace(OLD_HI, NEW_HI);
    const summary = await importFile(t.app.db, scratchFile('bilingual-new-hindi.yaml', file));
    expect(summary.subjects[0]).toMatchObject({ updated: 1 });
    const q = await questionOf('The acceleration');
    expect(q.version).toBe(2);

    expect(await hindiIn(learner, before.assessment.slug, 'The acceleration')).toContain(OLD_HI);
    const after = await startSession(t.app, learner, paper);
    expect(await hindiIn(learner, after.assessment.slug, 'The acceleration')).toContain(NEW_HI);

    const notebook = (await getAs(t.app, learner.headers, '/api/v1/mistakes?kind=wrong')).json()
      .data as MistakesData;
    const mistake = notebook.mistakes.find((m) => m.questionId === q.id)!;
    expect(mistake.translations!.hi!.questionText).toContain(OLD_HI);

    const history = (await getAs(t.app, editor.headers, `/api/v1/admin/questions/${q.id}/versions`)).json()
      .data;
    expect(history.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const diff = (
      await getAs(t.app, editor.headers, `/api/v1/admin/questions/${q.id}/versions/diff?from=1&to=2`)
    ).json().data;
    expect(diff.changed).toEqual(['translations.hi']);

    // Still the file's question (no console edit): the same file again writes nothing, the original
    // file brings the old Hindi back as version 3.
    await importFile(t.app.db, scratchFile('bilingual-new-hindi.yaml', file));
    expect((await questionOf('The acceleration')).version).toBe(2);
    await importFile(t.app.db, fixture('bilingual.yaml'));
    expect((await questionOf('The acceleration')).version).toBe(3);
  });

  it('the CLI’s approval of a draft is a new version, audited as the CLI’s: a session keeps what it was shown', async () => {
    const learner = await createLearner(t.app);
    const q = await questionOf('Which of these is a scalar');
    await t.app.db.insert(questionTranslations).values({
      questionId: q.id,
      lang: 'hi',
      text: 'इनमें से कौन-सी अदिश है?',
      options: ['वेग', 'चाल'],
      status: 'draft',
      source: 'ai',
    });
    const before = await startSession(t.app, learner, paper);
    expect(await hindiIn(learner, before.assessment.slug, 'Which of these')).toBeNull();

    vi.spyOn(console, 'log').mockImplementation(() => {});
    const code = await translationCommands.translations!.run({
      database: { db: t.app.db } as never,
      config: testConfig(),
      args: ['approve', '--lang', 'hi', q.id],
    });
    vi.restoreAllMocks();
    expect(code).toBe(0);
    expect((await questionOf('Which of these')).version).toBe(q.version + 1);
    expect(await hindiIn(learner, before.assessment.slug, 'Which of these')).toBeNull();
    const after = await startSession(t.app, learner, paper);
    expect(await hindiIn(learner, after.assessment.slug, 'Which of these')).toBe('इनमें से कौन-सी अदिश है?');

    const [row] = await t.app.db
      .select()
      .from(questionVersions)
      .where(and(eq(questionVersions.questionId, q.id), eq(questionVersions.version, q.version + 1)));
    expect(row).toMatchObject({ editorId: null, translations: { hi: { options: ['वेग', 'चाल'] } } });
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, q.id));
    expect(audit.map((a) => [a.action, a.actorLabel]).sort()).toEqual([
      ['question.edit', 'cli'],
      ['question.translation.approve', 'cli'],
    ]);
  });
});
