import { isDeepStrictEqual } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import { exams, modules, questionTranslations, subjects, type questions } from '../../db/schema.js';
import type { ParsedTranslation } from '../../import/index.js';
import { newTranslationVersions } from '../bank/translation-versions.js';
import type { ImportRun } from './import-run.js';

/**
 * A file's translations (docs/decisions/0027-questions-in-two-languages.md), written beside their questions: one row
 * per question and language, approved (the file's author vouches for it), replacing an AI draft or an
 * older import. Languages the file does not give are left as they are. A change to what learners of a
 * known question are shown is a new version of it, as the console's approval is
 * (docs/decisions/0028-question-versions.md): sessions given the last one keep the texts they read.
 */

type Row = typeof questionTranslations.$inferSelect;

const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

const sameTexts = (row: Row, t: ParsedTranslation) =>
  row.text === t.text &&
  isDeepStrictEqual(row.options, t.options) &&
  row.explanation === t.explanation &&
  isDeepStrictEqual(row.hints, t.hints) &&
  row.passage === t.passage &&
  row.status === 'approved';

/**
 * Writes what changed; returns the ids of the questions whose translations did. `row`: a known
 * question's version as it stands, which a change of its translations supersedes (none: a new
 * question, or one whose own texts made a new version already).
 */
export async function writeTranslations(
  run: ImportRun,
  items: { questionId: string; translations: ParsedTranslation[]; row?: typeof questions.$inferSelect }[],
): Promise<Set<string>> {
  const changed = new Set<string>();
  const given = items.filter((item) => item.translations.length);
  if (!given.length) return changed;
  const existing = new Map(
    (
      await run.tx
        .select()
        .from(questionTranslations)
        .where(
          inArray(
            questionTranslations.questionId,
            given.map((item) => item.questionId),
          ),
        )
    ).map((row) => [`${row.questionId} ${row.lang}`, row]),
  );
  const writes: (typeof questionTranslations.$inferInsert)[] = [];
  for (const { questionId, translations } of given)
    for (const t of translations) {
      const row = existing.get(`${questionId} ${t.lang}`);
      if (row && sameTexts(row, t)) continue;
      changed.add(questionId);
      writes.push({
        questionId,
        lang: t.lang,
        text: t.text,
        options: t.options,
        explanation: t.explanation,
        hints: t.hints,
        passage: t.passage,
        status: 'approved',
        source: 'import',
        updatedAt: new Date(),
      });
    }
  if (!writes.length) return changed;
  const superseded = given.flatMap(({ questionId, row }) => (row && changed.has(questionId) ? [row] : []));
  await newTranslationVersions(run.tx, superseded, null, () =>
    run.tx
      .insert(questionTranslations)
      .values(writes)
      .onConflictDoUpdate({
        target: [questionTranslations.questionId, questionTranslations.lang],
        set: {
          text: sqlExcluded('text'),
          options: sqlExcluded('options'),
          explanation: sqlExcluded('explanation'),
          hints: sqlExcluded('hints'),
          passage: sqlExcluded('passage'),
          status: sqlExcluded('status'),
          source: sqlExcluded('source'),
          updatedAt: sqlExcluded('updated_at'),
        },
      }),
  );
  return changed;
}

/**
 * A bank file (CSV, Moodle XML) may bring a language its subject's exam does not list: its
 * translations are kept, and a warning says nobody sees them until the exam lists the language.
 */
export async function warnUnlistedLanguages(run: ImportRun, subjectId: string, given: ParsedTranslation[][]) {
  const langs = [...new Set(given.flat().map((t) => t.lang))];
  if (!langs.length) return;
  const [exam] = await run.tx
    .select({ slug: exams.slug, languages: exams.languages, subject: subjects.slug })
    .from(subjects)
    .innerJoin(modules, eq(modules.id, subjects.moduleId))
    .innerJoin(exams, eq(exams.id, modules.examId))
    .where(eq(subjects.id, subjectId));
  if (!exam) return;
  for (const lang of langs) {
    if (exam.languages.slice(1).includes(lang)) continue;
    const count = given.filter((ts) => ts.some((t) => t.lang === lang)).length;
    run.summary.warnings.push({
      file: run.summary.files.at(-1) ?? '',
      where: {},
      message:
        `the exam "${exam.slug}" does not list "${lang}" among its other languages (${exam.languages.join(', ')}): ` +
        `the "${lang}" texts of ${count} question${count === 1 ? '' : 's'} of "${exam.subject}" are kept, shown to nobody until it does`,
    });
  }
}
