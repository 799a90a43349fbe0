import { isDeepStrictEqual } from 'node:util';
import { inArray, sql } from 'drizzle-orm';
import { questionTranslations } from '../../db/schema.js';
import type { ParsedTranslation } from '../../import/index.js';
import type { ImportRun } from './import-run.js';

/**
 * A file's translations (docs/decisions/0026-questions-in-two-languages.md), written beside their questions: one row
 * per question and language, approved (the file's author vouches for it), replacing an AI draft or an
 * older import. Languages the file does not give are left as they are.
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

/** Writes what changed; returns the ids of the questions whose translations did. */
export async function writeTranslations(
  run: ImportRun,
  items: { questionId: string; translations: ParsedTranslation[] }[],
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
  if (writes.length)
    await run.tx
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
      });
  return changed;
}
