import {
  canonicalLanguage,
  type Assessment,
  type Evaluation,
  type ResultEvaluation,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { offeredLanguages } from '../catalogue/translations.js';
import { relabelOptions } from './option-letters.js';
import type { QuizScope } from './scope.js';

/**
 * A session of a paper in more than one language (docs/languages.md): the language it was started in,
 * and each question's approved translations beside its own texts. What the learner answers and what
 * is scored are the question's own option texts; a translation's options are matched to them by their
 * place in the bank's order, so every taker's shuffled order holds in every language.
 */

/** The start's language: one of the exam's, canonical; null (the authoritative one) otherwise. */
export function sessionLanguage(scope: QuizScope, asked: string | undefined): string | null {
  const lang = asked ? canonicalLanguage(asked) : null;
  return lang && scope.exam.languages?.includes(lang) ? lang : null;
}

interface LanguageColumns {
  examLanguages: string[];
  authoritativeLanguage: string;
  language: string | null;
}

/** `assessment.languages`, for a paper in more than one language. */
export function languagesOf(row: LanguageColumns): Pick<Assessment, 'languages'> {
  if (row.examLanguages.length < 2) return {};
  const authoritative = row.authoritativeLanguage;
  const available = offeredLanguages({ languages: row.examLanguages, authoritativeLanguage: authoritative });
  return { languages: { available, authoritative, chosen: row.language ?? authoritative } };
}

interface TranslationRow {
  pos: number;
  lang: string;
  text: string;
  options: string[];
  explanation: string | null;
  passage: string | null;
  bank_options: string[];
}

/**
 * The session's questions' approved translations in its exam's other languages, by position: those of
 * the version each position was given (docs/decisions/0028-question-versions.md), kept on the version's
 * row once a later one superseded it, else the question's own.
 */
async function translationsOf(db: DbOrTx, sessionId: string, langs: string[]): Promise<TranslationRow[]> {
  const wanted = sql.join(
    langs.map((l) => sql`${l}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT s.pos::int - 1 AS pos, t.lang, t.text, t.options, t.explanation, t.passage, t.bank_options
    FROM assessments a
    CROSS JOIN LATERAL unnest(a.question_ids) WITH ORDINALITY AS s(question_id, pos)
    JOIN questions q ON q.id = s.question_id
    LEFT JOIN question_versions v ON v.question_id = q.id AND v.version = a.question_versions[s.pos]
      AND v.version <> q.version AND v.translations IS NOT NULL
    CROSS JOIN LATERAL (
      SELECT qt.lang, qt.text, qt.options, qt.explanation, qt.passage, q.options AS bank_options
      FROM question_translations qt
      WHERE v.id IS NULL AND qt.question_id = q.id AND qt.status = 'approved' AND qt.lang IN (${wanted})
      UNION ALL
      SELECT e.key, e.value->>'text', e.value->'options', e.value->>'explanation', e.value->>'passage',
        v.options
      FROM jsonb_each(v.translations) e
      WHERE v.id IS NOT NULL AND e.key IN (${wanted})
    ) t
    WHERE a.id = ${sessionId}`);
  return result.rows as unknown as TranslationRow[];
}

/**
 * Adds each question's translations to a session's evaluations (`withExplanations`: a completed
 * session's result, which also has the explanation; otherwise a checked practice question's feedback
 * has it). A paper in one language is returned as it is.
 */
export async function withTranslations<E extends Evaluation | ResultEvaluation>(
  db: DbOrTx,
  sessionId: string,
  assessment: Pick<Assessment, 'languages'>,
  evaluations: E[],
  withExplanations = false,
): Promise<E[]> {
  const languages = assessment.languages;
  if (!languages) return evaluations;
  const others = languages.available.filter((l) => l !== languages.authoritative);
  const rows = await translationsOf(db, sessionId, others);
  if (!rows.length) return evaluations;
  const out = evaluations.map((e) => ({ ...e, baseQuestion: { ...e.baseQuestion } }));
  for (const row of rows) {
    const evaluation = out[row.pos];
    if (!evaluation) continue;
    const shown = evaluation.baseQuestion.options;
    // By place in the bank's order: the taker's shuffle, and an option the translation lacks, hold.
    const options = shown.map((option) => row.options[row.bank_options.indexOf(option)] ?? option);
    evaluation.baseQuestion.translations = {
      ...evaluation.baseQuestion.translations,
      [row.lang]: {
        questionText: row.text,
        options,
        passage: row.passage ?? evaluation.baseQuestion.passage,
      },
    };
    const explanation = row.explanation?.trim()
      ? (relabelOptions(row.explanation, row.bank_options, shown) ?? row.explanation).trim()
      : null;
    if (withExplanations && explanation && 'explanation' in evaluation)
      (evaluation as ResultEvaluation).translatedExplanations = {
        ...(evaluation as ResultEvaluation).translatedExplanations,
        [row.lang]: explanation,
      };
    // A checked practice question's feedback already holds the key and explanation: in each language.
    if (!withExplanations && explanation && evaluation.feedback)
      evaluation.feedback = {
        ...evaluation.feedback,
        translatedExplanations: { ...evaluation.feedback.translatedExplanations, [row.lang]: explanation },
      };
  }
  return out;
}
