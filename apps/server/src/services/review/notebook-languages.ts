import type { Mistake } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

type Translations = NonNullable<Mistake['translations']>;

interface Row {
  question_id: string;
  lang: string;
  text: string;
  options_json: string;
  explanation: string | null;
  passage: string | null;
}

/**
 * The notebook's questions in their exams' other languages (docs/languages.md): approved translations
 * only, options in the question's own order as the notebook shows them, one read per page.
 */
export async function notebookTranslations(db: DbOrTx, questionIds: string[]) {
  const byQuestion = new Map<string, Row[]>();
  if (questionIds.length) {
    const result = await db.execute(sql`
      SELECT t.question_id, t.lang, t.text, t.options::text AS options_json, t.explanation, t.passage
      FROM question_translations t
      WHERE t.question_id IN (${sql.join(
        questionIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND t.status = 'approved'`);
    for (const row of result.rows as unknown as Row[])
      byQuestion.set(row.question_id, [...(byQuestion.get(row.question_id) ?? []), row]);
  }
  return {
    /** The question's translations in its exam's languages; null when it has none of them. */
    get(
      questionId: string,
      languages: { available: string[]; authoritative: string },
      passage: string | null,
    ): Translations | null {
      const out: Translations = {};
      for (const row of byQuestion.get(questionId) ?? []) {
        if (row.lang === languages.authoritative || !languages.available.includes(row.lang)) continue;
        out[row.lang] = {
          questionText: row.text,
          options: JSON.parse(row.options_json) as string[],
          passage: row.passage ?? passage,
          explanation: row.explanation,
        };
      }
      return Object.keys(out).length ? out : null;
    },
  };
}
