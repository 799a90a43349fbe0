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
 * Idempotent: the same body twice leaves the same answer. An empty answer (blank text, no options)
 * clears it; an absent one leaves it. Time spent adds up, capped at the session's length.
 */

interface SavedRow {
  answer_json: string | null;
  marked: boolean;
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
 * as JSON (NULL clears it), $6 markedForReview (NULL keeps it), $7 seconds spent.
 */
const ANSWER = '$5::jsonb';
const AT = '$3::int';
/** Exported for the bench's cost phase, which counts its instructions (bench/statement-cost.ts). */
export const SAVE: PreparedStatement = {
  name: 'save_evaluation_v6',
  text: `
    UPDATE answer_sheets s SET
      answers[${AT} + 1] = CASE WHEN $4::boolean THEN ${ANSWER}::text ELSE s.answers[${AT} + 1] END,
      marked[${AT} + 1] = coalesce($6::boolean, s.marked[${AT} + 1]),
      time_spent[${AT} + 1] = least(s.time_spent[${AT} + 1] + $7::int, s.total_time * 60)
    WHERE s.assessment_id = $1::uuid AND s.user_id = $2::uuid AND NOT s.completed
      AND now() <= s.deadline + interval '${SAVE_GRACE_SECONDS} seconds'
      AND ${AT} < cardinality(s.question_types)
      AND NOT coalesce(s.checked[${AT} + 1], false)
      AND (${ANSWER} IS NULL OR CASE s.question_types[${AT} + 1]
        WHEN 'single' THEN jsonb_typeof(${ANSWER}) = 'string'
          AND (s.options -> ${AT}) @> jsonb_build_array(${ANSWER})
        WHEN 'multiple' THEN jsonb_typeof(${ANSWER}) = 'array' AND (s.options -> ${AT}) @> ${ANSWER}
        WHEN 'numerical' THEN jsonb_typeof(${ANSWER}) = 'string'
          AND (${ANSWER} #>> '{}') ~ '${NUMERICAL_ANSWER_SQL_PATTERN}'
        ELSE jsonb_typeof(${ANSWER}) = 'string' END)
    RETURNING s.answers[${AT} + 1] AS answer_json, s.marked[${AT} + 1] AS marked,
      (extract(epoch from now()) * 1000)::float8 AS server_ms`,
};

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
  ]);
  const saved = rows[0] as SavedRow | undefined;
  if (!saved) throw await whyNotSaved(db, userId, target, answer);
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

/** The failure path only: which of not-yours, too-late and does-not-fit it was. */
async function whyNotSaved(
  db: Db,
  userId: string,
  target: { sessionId: string; position: number },
  answer: AnswerValue,
): Promise<Error> {
  const result = await db.execute(sql`
    SELECT s.user_id, s.completed AS session_completed, now() > s.deadline + ${GRACE} AS late,
      coalesce(s.checked[${target.position + 1}], false) AS locked,
      cardinality(s.question_types) AS total_questions,
      s.question_types[${target.position + 1}] AS question_type,
      (s.options -> ${target.position}::int)::text AS options_json
    FROM answer_sheets s WHERE s.assessment_id = ${target.sessionId}`);
  const row = result.rows[0] as DiagnosisRow | undefined;
  if (!row || row.user_id !== userId || target.position >= Number(row.total_questions))
    return notFound(quizMessages.questionNotFound);
  if (row.session_completed) return conflict(quizMessages.alreadySubmitted);
  if (row.late) return conflict(quizMessages.timeUp);
  if (row.locked) return conflict(practiceMessages.answerLocked);
  const options = JSON.parse(row.options_json ?? '[]') as string[];
  const problem = answerProblem(row.question_type ?? 'text', options, answer);
  return problem ? badRequest(problem) : conflict(quizMessages.saveFailed);
}

function answerProblem(type: QuestionType, options: string[], answer: AnswerValue): string | null {
  if (answer === null) return null;
  if (type === 'multiple') {
    if (!Array.isArray(answer)) return quizMessages.answerNotAList;
    return answer.every((a) => options.includes(a)) ? null : quizMessages.answerNotAnOption;
  }
  if (Array.isArray(answer)) return quizMessages.answerNotOne;
  if (type === 'single') return options.includes(answer) ? null : quizMessages.answerNotAnOption;
  if (type === 'numerical')
    return NUMERICAL_ANSWER_PATTERN.test(answer) ? null : quizMessages.answerNotANumber;
  return null;
}
