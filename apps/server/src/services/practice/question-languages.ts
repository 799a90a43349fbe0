import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * One question's approved translations in its exam's other languages (docs/languages.md), for what
 * practice tells about one question at a time: a check's explanation and a hint. None for a paper in
 * one language; drafts never.
 */
export interface QuestionInLanguage {
  lang: string;
  text: string;
  options: string[];
  explanation: string | null;
  /** Empty: the translation gives none, and the original's stand. */
  hints: string[];
}

export async function questionInOtherLanguages(
  db: DbOrTx,
  questionId: string,
  examId: string,
): Promise<QuestionInLanguage[]> {
  const result = await db.execute(sql`
    SELECT t.lang, t.text, t.options::text AS options_json, t.explanation, t.hints::text AS hints_json
    FROM question_translations t JOIN exams e ON e.id = ${examId}
    WHERE t.question_id = ${questionId} AND t.status = 'approved' AND cardinality(e.languages) > 1
      AND t.lang = ANY (e.languages) AND t.lang <> e.authoritative_language
    ORDER BY t.lang`);
  return (
    result.rows as unknown as Array<{
      lang: string;
      text: string;
      options_json: string;
      explanation: string | null;
      hints_json: string;
    }>
  ).map((r) => ({
    lang: r.lang,
    text: r.text,
    options: JSON.parse(r.options_json) as string[],
    explanation: r.explanation,
    hints: JSON.parse(r.hints_json) as string[],
  }));
}

/** The translation's options in the order this taker saw the question's own (matched by bank place). */
export const shownInLanguage = (translated: string[], bank: string[], shown: string[]) =>
  shown.map((option) => translated[bank.indexOf(option)] ?? option);
