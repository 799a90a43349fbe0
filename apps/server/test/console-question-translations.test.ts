import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, questionTranslations, questionVersions } from '../src/db/schema.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { fixture } from './fixtures/import/bank.js';
import { useTestApp } from './helpers/app.js';
import { startSession } from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { createLearner } from './helpers/learner.js';
import { editForm, editUrl, getAs, hindiRow, putEdit, questionIdByText } from './helpers/question-edit.js';

/**
 * A question's translations in the console's editor (docs/languages.md#the-console): read and written
 * with the importer's rules at their fields, versions covering what learners are shown, drafts approved
 * by an admin, and no drafting without an AI provider.
 */
const t = useTestApp();
type Headers = Record<string, string>;

// One import for the file: each test changes a question of its own.
beforeAll(async () => {
  await importFile(t.app.db, fixture('bilingual.yaml'));
});

const idOf = (start: string) => questionIdByText(t.app.db, start);
const hiRow = (id: string) => hindiRow(t.app.db, id);
const hiOf = async (headers: Headers, id: string) => {
  const { data } = (await getAs(t.app, headers, editUrl(id))).json();
  const { lang, text, options, explanation, hints, passage } = data.translations[0];
  return { lang, text, options, explanation, hints, passage };
};

describe('translations in the question editor', () => {
  it('opens with the exam’s languages and the stored translation, and refuses a bad one at its field', async () => {
    const editor = await createStaff(t.app, 'editor');
    const id = await idOf('The acceleration due to gravity');
    const { data } = (await getAs(t.app, editor.headers, editUrl(id))).json();
    expect(data.languages).toEqual({
      exam: { slug: 'bi-exam', name: 'Bilingual Exam' },
      own: 'en',
      authoritative: 'en',
      others: ['hi'],
    });
    expect(data.translations).toEqual([
      expect.objectContaining({ lang: 'hi', status: 'approved', source: 'import', options: data.options }),
    ]);

    const hi = await hiOf(editor.headers, id);
    const res = await putEdit(
      t.app,
      editor.headers,
      id,
      await editForm(t.app, editor.headers, id, {
        translations: [
          { ...hi, text: 'भार $\\frac{1}{2$ क्या है?', options: hi.options.slice(0, 3), hints: ['केवल एक'] },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { path: string; message: string }[];
    expect(errors.map((e) => e.path)).toEqual(
      expect.arrayContaining(['translations.hi.text', 'translations.hi.options', 'translations.hi.hints']),
    );
    expect(errors.find((e) => e.path === 'translations.hi.options')!.message).toMatch(
      /3 options; the question has 4/,
    );
    expect((await hiRow(id))!.text).toBe(hi.text);
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, id))).toHaveLength(0);

    // The original losing an option leaves the stored Hindi with one too many: named, nothing written.
    const fewer = await putEdit(
      t.app,
      editor.headers,
      id,
      await editForm(t.app, editor.headers, id, { options: data.options.slice(0, 3) }),
    );
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().errors.map((e: { path: string }) => e.path)).toContain('translations.hi.options');
  });

  it('an approved translation edited is a new version; a session keeps the Hindi it was shown', async () => {
    const editor = await createStaff(t.app, 'editor');
    const learner = await createLearner(t.app);
    const paper = {
      examSlug: 'bi-exam',
      quizType: 'module' as const,
      moduleSlug: 'bi-paper-1',
      language: 'hi',
    };
    const before = await startSession(t.app, learner, paper);
    const id = await idOf('The acceleration due to gravity');
    const hi = await hiOf(editor.headers, id);
    const text = 'पृथ्वी पर $2\\ \\mathrm{kg}$ द्रव्यमान का भार कितना है?';
    const res = await putEdit(
      t.app,
      editor.headers,
      id,
      await editForm(t.app, editor.headers, id, { translations: [{ ...hi, text }], reason: 'clearer Hindi' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ newVersion: true, question: { version: 2 } });
    expect(await hiRow(id)).toMatchObject({ text, status: 'approved', source: 'editor' });
    const versions = await t.app.db
      .select()
      .from(questionVersions)
      .where(eq(questionVersions.questionId, id));
    expect(versions.find((v) => v.version === 1)!.translations!.hi!.text).toBe(hi.text);
    expect(versions.find((v) => v.version === 2)!.translations!.hi!.text).toBe(text);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(['question.edit', 'question.translation.edit']);
    const diff = (
      await getAs(t.app, editor.headers, `/api/v1/admin/questions/${id}/versions/diff?from=1&to=2`)
    ).json().data;
    expect(diff.changed).toEqual(['translations.hi']);
    expect(diff.to.translations.hi.text).toBe(text);

    const shownIn = async (slug: string) => {
      const session = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/assessment/session/${slug}`,
          headers: learner.headers,
        })
      ).json().data;
      const e = session.evaluation.find((x: { baseQuestion: { questionText: string } }) =>
        x.baseQuestion.questionText.startsWith('The acceleration'),
      );
      return e.baseQuestion.translations.hi.questionText as string;
    };
    expect(await shownIn(before.assessment.slug)).toBe(hi.text);
    const after = await startSession(t.app, learner, paper);
    expect(await shownIn(after.assessment.slug)).toBe(text);
  });

  it('a new translation is a draft learners do not see; an admin approves it as a new version', async () => {
    const editor = await createStaff(t.app, 'editor');
    const admin = await createStaff(t.app, 'admin');
    const id = await idOf('Which of these is a scalar');
    const translation = {
      lang: 'hi',
      text: 'इनमें से कौन-सी अदिश है?',
      options: ['वेग', 'चाल'],
      explanation: null,
      hints: [],
      passage: null,
    };
    const res = await putEdit(
      t.app,
      editor.headers,
      id,
      await editForm(t.app, editor.headers, id, { translations: [translation] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.newVersion).toBe(false);
    expect(res.json().data.question.translations[0]).toMatchObject({
      lang: 'hi',
      status: 'draft',
      source: 'editor',
    });

    const approve = (headers: Headers) =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/questions/${id}/translations/hi/approve`, headers });
    expect((await approve(editor.headers)).statusCode).toBe(403);
    const approved = await approve(admin.headers);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.question).toMatchObject({
      version: 2,
      translations: [{ status: 'approved' }],
    });
    const v2 = await t.app.db
      .select()
      .from(questionVersions)
      .where(and(eq(questionVersions.questionId, id), eq(questionVersions.version, 2)));
    expect(v2[0]!.translations!.hi!.options).toEqual(['वेग', 'चाल']);
    const actions = (await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, id))).map(
      (a) => a.action,
    );
    expect(actions.sort()).toEqual([
      'question.edit',
      'question.translation.approve',
      'question.translation.edit',
    ]);
    expect((await approve(admin.headers)).statusCode).toBe(409);
  });

  it('an admin rejects a draft: it is deleted, audited, and no version changes; 409 with no draft', async () => {
    const editor = await createStaff(t.app, 'editor');
    const admin = await createStaff(t.app, 'admin');
    const id = await idOf('What angle does the incline');
    // As an AI's draft would be: shown to nobody.
    await t.app.db
      .update(questionTranslations)
      .set({ status: 'draft', source: 'ai' })
      .where(eq(questionTranslations.questionId, id));
    const reject = (headers: Headers, question = id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/questions/${question}/translations/hi/reject`,
        headers,
      });
    expect((await reject(editor.headers)).statusCode).toBe(403);
    const rejected = await reject(admin.headers);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      message: 'The hi draft translation is rejected and deleted.',
      data: { newVersion: false, question: { version: 1, translations: [] } },
    });
    expect(await hiRow(id)).toBeUndefined();
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, id));
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['question.translation.reject', { lang: 'hi', status: 'draft', source: 'ai' }, null],
    ]);
    expect((await reject(admin.headers)).json()).toMatchObject({ data: null });
    expect((await reject(admin.headers)).statusCode).toBe(409);
    expect((await reject(admin.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('offers no drafting without an AI provider: a 409 saying so, nothing written', async () => {
    const editor = await createStaff(t.app, 'editor');
    const id = await idOf('Which of these is a scalar');
    const one = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/questions/${id}/translations/draft`,
      headers: editor.headers,
      payload: {},
    });
    expect(one.statusCode).toBe(409);
    expect(one.json()).toMatchObject({
      data: null,
      message: expect.stringMatching(/^No AI provider is configured/),
    });
    const exam = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/exams/bi-exam/translations/draft',
      headers: editor.headers,
      payload: { lang: 'hi' },
    });
    expect(exam.statusCode).toBe(409);
    const drafted = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'question.translation.draft'));
    expect(drafted).toHaveLength(0);
  });
});
