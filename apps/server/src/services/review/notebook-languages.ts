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
 * The notebook's questions in their exams' other languages (docs/languages.md): the approved
 * translations of the version each card's session was given (kept on the version's row once a later
 * one superseded it, else the question's own: docs/decisions/0028-question-versions.md), options in the
 * question's own order as the notebook shows them, one read per page.
 */
export async function notebookTranslations(db: DbOrTx, given: { questionId: string; version: number }[]) {
  const byQuestion = new Map<string, Row[]>();
  if (given.length) {
    const result = await db.execute(sql`
      SELECT g.question_id, t.lang, t.text, t.options_json, t.explanation, t.passage
      FROM (VALUES ${sql.join(
        given.map((g) => sql`(${g.questionId}::uuid, ${g.version}::int)`),
        sql`, `,
      )}) AS g(question_id, version)
      JOIN questions q ON q.id = g.question_id
      LEFT JOIN question_versions v ON v.question_id = q.id AND v.version = g.version
        AND v.version <> q.version AND v.translations IS NOT NULL
      CROSS JOIN LATERAL (
        SELECT qt.lang, qt.text, qt.options::text AS options_json, qt.explanation, qt.passage
        FROM question_translations qt
        WHERE v.id IS NULL AND qt.question_id = q.id AND qt.status = 'approved'
        UNION ALL
        SELECT e.key, e.value->>'text', (e.value->'options')::text, e.value->>'explanation',
          e.value->>'passage'
        FROM jsonb_each(v.translations) e
        WHERE v.id IS NOT NULL
      ) t`);
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
