import {
  keyText,
  OUTCOME_LABELS,
  schemeById,
  fullMarks,
  type AnswerValue,
  type Evaluation,
  type Outcome,
  type QuestionKey,
  type QuestionType,
  type ResultEvaluation,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { practiceFieldsOf, type PracticeColumns, type PracticeFields } from './check-feedback.js';
import { parseAnswer } from './answer-sheets.js';
import { relabelOptions } from './option-letters.js';
import { evaluationId } from './session-ids.js';
import { givenQuestion } from './given-question.js';

/**
 * A session's questions, one row per position, from the arrays of its row and of its answer sheet
 * (decisions 0010, 0013). The running view never selects a key, an explanation or a score: what is not
 * read cannot leak.
 */

export interface SessionQuestionRow {
  position: number;
  questionId: string;
  questionText: string;
  questionType: QuestionType;
  passage: string | null;
  subjectId: string;
  subjectName: string;
  options: string[];
  userAnswer: AnswerValue;
  markedForReview: boolean;
  /** Practice and review sessions only (docs/product.md#practice-and-review-sessions): checked, confidence, hints, feedback. */
  practice?: PracticeFields;
}

interface RawRow extends PracticeColumns {
  pos: number;
  question_id: string;
  question_text: string;
  question_type: QuestionType;
  passage: string | null;
  subject_id: string;
  subject_name: string;
  options_json: string;
  /** The bank's option order: an explanation's letters name options in it. */
  bank_options_json: string;
  answer_json: string | null;
  marked: boolean;
  time_spent: number;
  score_json: string | null;
  key_json: string;
  explanation: string | null;
  topic_id: string | null;
  topic_name: string | null;
  grading_note: string | null;
}

/**
 * Practice and review (docs/product.md#practice-and-review-sessions): a checked position's key and explanation are the learner's
 * already (the check answered them), so they are read for checked positions only.
 */
const PRACTICE_COLUMNS = sql`a.mode, a.marking_scheme, sh.checked[s.pos] AS checked,
  a.confidence[s.pos] AS confidence, a.hints_given[s.pos] AS hints_given,
  CASE WHEN sh.checked[s.pos] THEN q.key::text END AS checked_key_json,
  CASE WHEN sh.checked[s.pos] THEN q.explanation END AS checked_explanation,
  CASE WHEN sh.checked[s.pos] THEN (a.check_scores -> (s.pos::int - 1)::text)::text END AS check_score_json,
  (a.check_tries -> (s.pos::int - 1)::text)::text AS check_try_json`;

/** Result-only columns are selected only when `withKeys` (a completed session's result). */
async function sessionQuestionRows(db: DbOrTx, sessionId: string, withKeys: boolean): Promise<RawRow[]> {
  const keyed = withKeys
    ? sql`q.key::text AS key_json, q.explanation, t.id AS topic_id, t.name AS topic_name,
        (a.scores -> (s.pos::int - 1))::text AS score_json,
        a.grading_notes ->> (s.pos::int - 1)::text AS grading_note`
    : sql`NULL AS key_json`;
  const result = await db.execute(sql`
    SELECT s.pos::int AS pos, q.id AS question_id, q.text AS question_text, q.type AS question_type,
      p.text AS passage, sub.id AS subject_id, sub.name AS subject_name,
      (sh.options -> (s.pos::int - 1))::text AS options_json, q.options::text AS bank_options_json, sh.answers[s.pos] AS answer_json,
      sh.marked[s.pos] AS marked, sh.time_spent[s.pos] AS time_spent, ${keyed},
      ${PRACTICE_COLUMNS}
    FROM assessments a
    JOIN answer_sheets sh ON sh.assessment_id = a.id
    CROSS JOIN LATERAL unnest(a.question_ids) WITH ORDINALITY AS s(question_id, pos)
    ${givenQuestion('s.question_id', 'a.question_versions[s.pos]')}
    JOIN subjects sub ON sub.id = q.subject_id
    LEFT JOIN passages p ON p.id = q.passage_id
    LEFT JOIN topics t ON t.id = q.topic_id
    WHERE a.id = ${sessionId}
    ORDER BY s.pos`);
  return result.rows as unknown as RawRow[];
}

/** An explanation with its option letters as this taker saw them (option-letters.ts). */
const relabelled = (raw: RawRow, explanation: string | null) =>
  relabelOptions(
    explanation,
    JSON.parse(raw.bank_options_json) as string[],
    JSON.parse(raw.options_json) as string[],
  );

function toRow(raw: RawRow): SessionQuestionRow {
  const checked = raw.checked_explanation && {
    ...raw,
    checked_explanation: relabelled(raw, raw.checked_explanation),
  };
  return {
    position: Number(raw.pos) - 1,
    questionId: raw.question_id,
    questionText: raw.question_text,
    questionType: raw.question_type,
    passage: raw.passage,
    subjectId: raw.subject_id,
    subjectName: raw.subject_name,
    options: JSON.parse(raw.options_json) as string[],
    userAnswer: parseAnswer(raw.answer_json),
    markedForReview: Boolean(raw.marked),
    practice: practiceFieldsOf(checked || raw, raw.question_type, parseAnswer(raw.answer_json)),
  };
}

export async function sessionQuestions(db: DbOrTx, sessionId: string): Promise<SessionQuestionRow[]> {
  return (await sessionQuestionRows(db, sessionId, false)).map(toRow);
}

export function toEvaluation(sessionId: string, row: SessionQuestionRow): Evaluation {
  return {
    _id: evaluationId(sessionId, row.position),
    baseQuestion: {
      questionText: row.questionText,
      options: row.options,
      subject: { id: row.subjectId, name: row.subjectName },
      questionType: row.questionType,
      passage: row.passage,
    },
    userAnswer: row.userAnswer,
    status: row.userAnswer === null ? 'not_answered' : 'answered',
    markedForReview: row.markedForReview,
    ...row.practice,
  };
}

/** What a mark means on the result: full marks correct, some partial, none or less incorrect. */
export function outcomeOf(answer: AnswerValue, score: number | null, max: number): Outcome {
  if (score === null) return answer === null ? 'unattempted' : 'incorrect';
  if (score >= max) return 'correct';
  if (score > 0) return 'partial';
  return 'incorrect';
}

/** After completion only: the key, explanation, marks, time spent and topic. */
export async function resultEvaluations(
  db: DbOrTx,
  sessionId: string,
  schemeId: string,
): Promise<ResultEvaluation[]> {
  const scheme = schemeById(schemeId);
  const rows = await sessionQuestionRows(db, sessionId, true);
  return rows.map((raw) => {
    const row = toRow(raw);
    const key = JSON.parse(raw.key_json) as QuestionKey;
    const score = raw.score_json === null ? null : (JSON.parse(raw.score_json) as number | null);
    const maxScore = fullMarks(scheme, row.questionType);
    return {
      ...toEvaluation(sessionId, row),
      baseAnswer: keyText(key),
      correctOptions: key.type === 'single' ? [key.answer] : key.type === 'multiple' ? key.answers : [],
      outcome: OUTCOME_LABELS[outcomeOf(row.userAnswer, score, maxScore)],
      maxScore,
      explanation: relabelled(raw, raw.explanation),
      score,
      timeSpentSeconds: Number(raw.time_spent ?? 0),
      topic: raw.topic_id && raw.topic_name ? { id: raw.topic_id, name: raw.topic_name } : null,
      gradingNote: raw.grading_note,
    };
  });
}
