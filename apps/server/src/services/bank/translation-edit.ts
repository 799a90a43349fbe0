import type { EditLanguages, FieldError, TranslationEdit, TranslationForEdit } from '@ai-tutor/contract';
import { canonicalLanguage } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { DbOrTx, Tx } from '../../db/client.js';
import { exams, modules, questionTranslations, subjects, type VersionTranslation } from '../../db/schema.js';
import { auditRepository, type Actor } from '../console/audit-repository.js';
import { cleanTranslation, translationErrors } from './translation-rules.js';

/**
 * A question's translations in the console's editor (docs/languages.md#the-console). What learners
 * see of a translation is part of a question's version (docs/decisions/0028-question-versions.md): a
 * change to an approved translation, or an approval, makes a new version like any edit; a draft is
 * seen by nobody, so writing one does not.
 */

type Row = typeof questionTranslations.$inferSelect;

/** The languages of the question's exam: its own texts' first, the others one translation each. */
export async function editLanguagesOf(db: DbOrTx, subjectId: string): Promise<EditLanguages> {
  const [exam] = await db
    .select({
      slug: exams.slug,
      name: exams.name,
      languages: exams.languages,
      authoritative: exams.authoritativeLanguage,
    })
    .from(subjects)
    .innerJoin(modules, eq(modules.id, subjects.moduleId))
    .innerJoin(exams, eq(exams.id, modules.examId))
    .where(eq(subjects.id, subjectId));
  const languages = exam?.languages.length ? exam.languages : ['en'];
  return {
    exam: exam ? { slug: exam.slug, name: exam.name } : null,
    own: languages[0]!,
    authoritative: exam?.authoritative ?? languages[0]!,
    others: languages.slice(1),
  };
}

function stored(db: DbOrTx, questionId: string): Promise<Row[]> {
  return db.select().from(questionTranslations).where(eq(questionTranslations.questionId, questionId));
}

const textsOf = (row: Row): VersionTranslation => ({
  text: row.text,
  options: row.options,
  explanation: row.explanation,
  hints: row.hints,
  passage: row.passage,
});

/** Every stored translation, drafts too, in the exam's order of languages (others last). */
export async function translationsForEdit(
  db: DbOrTx,
  questionId: string,
  languages: EditLanguages,
): Promise<TranslationForEdit[]> {
  const order = (lang: string) => {
    const at = languages.others.indexOf(lang);
    return at < 0 ? languages.others.length : at;
  };
  return (await stored(db, questionId))
    .sort((a, b) => order(a.lang) - order(b.lang) || a.lang.localeCompare(b.lang))
    .map((row) => ({
      lang: row.lang,
      ...textsOf(row),
      status: row.status,
      source: row.source,
      updatedAt: row.updatedAt.toISOString(),
    }));
}

/** The approved translations, as a version keeps them. */
export async function approvedSnapshot(
  db: DbOrTx,
  questionId: string,
): Promise<Record<string, VersionTranslation>> {
  const rows = await stored(db, questionId);
  return Object.fromEntries(rows.filter((r) => r.status === 'approved').map((r) => [r.lang, textsOf(r)]));
}

export interface TranslationPlan {
  errors: FieldError[];
  /** The languages whose texts change, with the row they replace (none: a new draft). */
  writes: { lang: string; texts: VersionTranslation; before: Row | undefined }[];
  /** Something learners see changes: an approved translation's texts. */
  visible: boolean;
}

/**
 * Checks the translations written, and those stored that the edit leaves as they are, against the
 * edited original: an original that loses an option must not leave a translation with one too many.
 */
export async function planTranslations(
  tx: Tx,
  questionId: string,
  languages: EditLanguages,
  original: Parameters<typeof translationErrors>[1],
  edits: TranslationEdit[] = [],
): Promise<TranslationPlan> {
  const rows = new Map((await stored(tx, questionId)).map((r) => [r.lang, r]));
  const errors: FieldError[] = [];
  const writes: TranslationPlan['writes'] = [];
  const given = new Set<string>();
  for (const edit of edits) {
    const lang = canonicalLanguage(edit.lang);
    if (!lang || !languages.others.includes(lang) || given.has(lang)) {
      const why = given.has(lang ?? '')
        ? 'this language is given twice'
        : `the exam is not offered in "${edit.lang}" (its other languages: ${languages.others.join(', ') || 'none'})`;
      errors.push({ path: `translations.${edit.lang}`, message: why });
      continue;
    }
    given.add(lang);
    const texts = cleanTranslation(edit);
    errors.push(...translationErrors(lang, original, texts));
    const before = rows.get(lang);
    if (!before || !isDeepStrictEqual(textsOf(before), texts)) writes.push({ lang, texts, before });
  }
  for (const [lang, row] of rows)
    if (!given.has(lang))
      for (const error of translationErrors(lang, original, textsOf(row)))
        errors.push({ ...error, message: `${error.message} (the stored ${lang} translation: edit it too)` });
  return { errors, writes, visible: writes.some((w) => w.before?.status === 'approved') };
}

/** Writes the planned translations (an editor's: source `editor`; a new one is a draft), audited. */
export async function writePlannedTranslations(
  tx: Tx,
  actor: Actor,
  questionId: string,
  label: string,
  plan: TranslationPlan,
  reason: string | null,
): Promise<void> {
  for (const { lang, texts, before } of plan.writes) {
    const status = before?.status ?? 'draft';
    await tx
      .insert(questionTranslations)
      .values({ questionId, lang, ...texts, status, source: 'editor' })
      .onConflictDoUpdate({
        target: [questionTranslations.questionId, questionTranslations.lang],
        set: { ...texts, source: 'editor', updatedAt: new Date() },
      });
    await auditRepository.write(tx, actor, {
      action: 'question.translation.edit',
      objectType: 'question',
      objectId: questionId,
      objectLabel: label,
      before: before ? { lang, status: before.status, source: before.source } : null,
      after: { lang, status, source: 'editor' },
      reason,
    });
  }
}
