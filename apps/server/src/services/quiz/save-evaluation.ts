import {
  isAnswered,
  NUMERICAL_ANSWER_PATTERN,
  practiceMessages,
  NUMERICAL_ANSWER_SQL_PATTERN,
  quizMessages,
  SAVE_GRACE_SECONDS,
  type AnswerValue,
  type QuestionType,
  type SaveEvaluationBody,
  type SaveEvaluationData,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryPrepared, type PreparedStatement } from '../../db/prepared.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { parseEvaluationId } from './session-ids.js';
import { GRACE, isoMs } from './sql.js';

/**
 * Saving one question is one prepared statement on one row (decisions 0010, 0013): the session's answer
 * sheet, found by primary key from the evaluation id, updated only if it is the caller's, not completed
 * and not past its deadline plus grace, and only with an answer that fits the question's type (one of
 * its options; a set of them; a number; text). The UPDATE's row lock orders it with completion, which
 * closes the same sheet before scoring it: a save lands before scoring or is refused after it.
 * A position checked in practice or review (docs/product.md#practice-and-review-sessions) is locked: the save is refused.
 * Only when no row comes back does a second query tell 404 from 409 from 400.
 *
 * Idempotent: the same body twice leaves the same answer. An empty answer of the type's shape (blank
 * text; no options of a multiple-correct question) clears it; an absent one leaves it. Time spent adds
 * up, capped at the session's length.
 *
 * Never back in time (docs/decisions/0018-exam-day-arrival.md): a save that carries the browser's
 * `sequence` is applied only if it is not older than the position's stored one, in the same UPDATE. An
 * older one (a request the browser gave up on, arriving after its successor) writes nothing and is
 * answered 200 with what is stored, so the browser's queue drops it instead of retrying. The same
 * sequence again (a resend after a lost reply) rewrites the same answer but adds no time.
 */

interface SavedRow {
  answer_json: string | null;
  marked: boolean;
  server_ms: number;
}

/** What the failure path reads when the save was older than the stored one. */
interface StoredRow {
  stored_answer_json: string | null;
  stored_marked: boolean | null;
  stale: boolean;
  server_ms: number;
}

interface DiagnosisRow {
  user_id: string;
  session_completed: boolean;
  late: boolean;
  locked: boolean;
  total_questions: number;
  question_type: QuestionType | null;
  options_json: string | null;
}

/**
 * $1 session id, $2 user id, $3 position (0-based), $4 whether the body carries userAnswer, $5 the answer
 * as JSON (NULL clears it), $6 markedForReview (NULL keeps it), $7 seconds spent, $8 the answer's shape
 * as sent, 'string' or 'array' (NULL without one). The shape is checked against the question's type
 * even for a clear: each type clears one way, the empty string or the empty list (the route's docs).
 * $9 the save's sequence (NULL: applied as it comes).
 */
const ANSWER = '$5::jsonb';
const SHAPE = '$8::text';
const AT = '$3::int';
const SEQUENCE = '$9::bigint';
const STORED_SEQUENCE = `coalesce(s.save_sequence[${AT} + 1], -1)`;
/** Exported for the bench's cost phase, which counts its instructions (bench/statement-cost.ts). */
export const SAVE: PreparedStatement = {
  name: 'save_evaluation_v8',
  text: `
    UPDATE answer_sheets s SET
      answers[${AT} + 1] = CASE WHEN $4::boolean THEN ${ANSWER}::text ELSE s.answers[${AT} + 1] END,
      marked[${AT} + 1] = coalesce($6::boolean, s.marked[${AT} + 1]),
      time_spent[${AT} + 1] = CASE WHEN ${SEQUENCE} IS NULL OR ${SEQUENCE} > ${STORED_SEQUENCE}
        THEN least(s.time_spent[${AT} + 1] + $7::int, s.total_time * 60) ELSE s.time_spent[${AT} + 1] END,
      save_sequence[${AT} + 1] = coalesce(${SEQUENCE}, s.save_sequence[${AT} + 1])
    WHERE s.assessment_id = $1::uuid AND s.user_id = $2::uuid AND NOT s.completed
      AND now() <= s.deadline + interval '${SAVE_GRACE_SECONDS} seconds'
      AND ${AT} < cardinality(s.question_types)
      AND NOT coalesce(s.checked[${AT} + 1], false)
      AND (${SEQUENCE} IS NULL OR ${SEQUENCE} >= ${STORED_SEQUENCE})
      AND (${SHAPE} IS NULL OR CASE s.question_types[${AT} + 1]
        WHEN 'single' THEN ${SHAPE} = 'string'
          AND (${ANSWER} IS NULL OR (s.options -> ${AT}) @> jsonb_build_array(${ANSWER}))
        WHEN 'multiple' THEN ${SHAPE} = 'array' AND (${ANSWER} IS NULL OR (s.options -> ${AT}) @> ${ANSWER})
        WHEN 'numerical' THEN ${SHAPE} = 'string'
          AND (${ANSWER} IS NULL OR (${ANSWER} #>> '{}') ~ '${NUMERICAL_ANSWER_SQL_PATTERN}')
        ELSE ${SHAPE} = 'string' END)
    RETURNING s.answers[${AT} + 1] AS answer_json, s.marked[${AT} + 1] AS marked,
      (extract(epoch from now()) * 1000)::float8 AS server_ms`,
};

const shapeOf = (answer: AnswerValue | undefined) =>
  answer === undefined || answer === null ? null : Array.isArray(answer) ? 'array' : 'string';

/** What is stored: a blank answer or an empty choice clears; a choice keeps each option once. */
function storedAnswer(answer: AnswerValue | undefined): AnswerValue {
  if (!isAnswered(answer)) return null;
  return Array.isArray(answer) ? [...new Set(answer)] : answer;
}

export async function saveEvaluation(
  db: Db,
  userId: string,
  body: SaveEvaluationBody,
): Promise<SaveEvaluationData> {
  const target = parseEvaluationId(body.evaluationId);
  if (!target) throw notFound(quizMessages.questionNotFound);
  const answer = storedAnswer(body.userAnswer);
  const rows = await queryPrepared(db, SAVE, [
    target.sessionId,
    userId,
    target.position,
    body.userAnswer !== undefined,
    answer === null ? null : JSON.stringify(answer),
    body.markedForReview ?? null,
    body.timeSpentSeconds ?? 0,
    shapeOf(body.userAnswer),
    body.sequence ?? null,
  ]);
  const saved = (rows[0] as SavedRow | undefined) ?? (await whyNotSaved(db, userId, target, body));
  const userAnswer = saved.answer_json === null ? null : (JSON.parse(saved.answer_json) as AnswerValue);
  return {
    evaluation: {
      _id: body.evaluationId,
      userAnswer,
      status: userAnswer === null ? 'not_answered' : 'answered',
      markedForReview: Boolean(saved.marked),
    },
    serverTime: isoMs(Number(saved.server_ms)),
  };
}

/**
 * The failure path only: which of not-yours, too-late and does-not-fit it was — or, for a save older
 * than the stored one, what is stored (answered as a success: the browser's queue drops it).
 */
async function whyNotSaved(
  db: Db,
  userId: string,
  target: { sessionId: string; position: number },
  body: SaveEvaluationBody,
): Promise<SavedRow> {
  const at = target.position + 1;
  const result = await db.execute(sql`
    SELECT s.user_id, s.completed AS session_completed, now() > s.deadline + ${GRACE} AS late,
      coalesce(s.checked[${at}], false) AS locked,
      cardinality(s.question_types) AS total_questions,
      s.question_types[${at}] AS question_type,
      (s.options -> ${target.position}::int)::text AS options_json,
      s.answers[${at}] AS stored_answer_json, s.marked[${at}] AS stored_marked,
      coalesce(s.save_sequence[${at}], -1) > ${body.sequence ?? null}::bigint AS stale,
      (extract(epoch from now()) * 1000)::float8 AS server_ms
    FROM answer_sheets s WHERE s.assessment_id = ${target.sessionId}`);
  const row = result.rows[0] as (DiagnosisRow & StoredRow) | undefined;
  if (!row || row.user_id !== userId || target.position >= Number(row.total_questions))
    throw notFound(quizMessages.questionNotFound);
  if (row.session_completed) throw conflict(quizMessages.alreadySubmitted);
  if (row.late) throw conflict(quizMessages.timeUp);
  if (row.locked) throw conflict(practiceMessages.answerLocked);
  const options = JSON.parse(row.options_json ?? '[]') as string[];
  const problem = answerProblem(row.question_type ?? 'text', options, body.userAnswer);
  if (problem) throw badRequest(problem);
  if (!row.stale) throw conflict(quizMessages.saveFailed);
  return {
    answer_json: row.stored_answer_json,
    marked: Boolean(row.stored_marked),
    server_ms: row.server_ms,
  };
}

/** What is wrong with the answer as sent; a clear must have its type's shape too. */
function answerProblem(
  type: QuestionType,
  options: string[],
  answer: AnswerValue | undefined,
): string | null {
  if (answer === null || answer === undefined) return null;
  if (type === 'multiple') {
    if (!Array.isArray(answer)) return quizMessages.answerNotAList;
    return answer.every((a) => options.includes(a)) ? null : quizMessages.answerNotAnOption;
  }
  if (Array.isArray(answer)) return quizMessages.answerNotOne;
  if (!isAnswered(answer)) return null;
  if (type === 'single') return options.includes(answer) ? null : quizMessages.answerNotAnOption;
  if (type === 'numerical')
    return NUMERICAL_ANSWER_PATTERN.test(answer) ? null : quizMessages.answerNotANumber;
  return null;
}
