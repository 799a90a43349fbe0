import {
  CHECK_MAX_TRIES,
  fullMarks,
  HINT_MAX_LEVEL,
  liveTestMessages,
  SAVE_GRACE_SECONDS,
  markAnswer,
  practiceMessages,
  quizMessages,
  schemeById,
  keyText,
  type AnswerValue,
  type CheckAnswerBody,
  type CheckAnswerData,
  type Confidence,
  type QuestionKey,
  type QuestionType,
  type SessionMode,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { circulatesAgainMs, outOfCirculationError } from '../live-tests/circulation.js';
import type { FreeTextGrader } from '../quiz/free-text-grading.js';
import { parseAnswer } from '../quiz/answer-sheets.js';
import { saveEvaluation } from '../quiz/save-evaluation.js';
import { parseEvaluationId } from '../quiz/session-ids.js';
import { relabelOptions } from '../quiz/option-letters.js';
import { feedbackOf, type CheckTry } from '../quiz/check-feedback.js';
import { recordAnswers } from '../review/record-answers.js';
import { outcomeOf } from '../quiz/evaluation-views.js';
import { givenQuestion } from '../quiz/given-question.js';
import { questionInOtherLanguages } from './question-languages.js';

/**
 * `POST /v1/evaluations/:id/check` (docs/api.md, decision 0016): in a practice or review session, marks
 * one answer at once. A right answer, a `reveal`, or the last of CHECK_MAX_TRIES checks locks the
 * position and answers with the key and the explanation; any other wrong check says only "not right
 * yet" and leaves the answer open to another try. The answer in the body is saved first (through the
 * ordinary save, so it is validated the same way); without one the saved answer is checked (none: it
 * counts as not attempted). The FIRST check's mark is the one that counts: it and the confidence are
 * written then, and in the same transaction the review queue records that answer (completion leaves
 * checked positions to the queue as they are); later tries only count and may lock.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PositionRow {
  user_id: string;
  mode: SessionMode;
  timed: boolean;
  session_completed: boolean;
  late: boolean;
  checked: boolean;
  hints_given: number | null;
  total_questions: number;
  marking_scheme: string;
  exam_id: string;
  question_id: string;
  question_version: number;
  subject_id: string;
  topic_id: string | null;
  time_spent: number | null;
  question_text: string;
  question_type: QuestionType;
  options_json: string | null;
  answer_json: string | null;
  key_json: string;
  explanation: string | null;
  bank_options_json: string;
  check_try_json: string | null;
  first_score_json: string | null;
  first_confidence: Confidence | null;
  /** When the question's live paper returns it to the bank; null: in circulation. */
  back_ms: number | null;
  /** The question is also in another running timed session of this learner. */
  in_running_test: boolean;
}

/**
 * One position of a session, the caller's only (404 otherwise), of an untimed practice or review
 * session (409 in anything with a countdown: a timed review or adaptive session is a test too), still
 * running. The key is read here but leaves only through a check or level 4, and never while the
 * question is out of circulation (a live paper's, decision 0014) or in the learner's running timed
 * test (drawn there after this session drew it): both 409.
 */
export async function practicePosition(
  db: Db,
  userId: string,
  evaluationId: string,
  timedMessage: string,
): Promise<{ sessionId: string; position: number; row: PositionRow }> {
  const target = UUID.test(evaluationId) ? parseEvaluationId(evaluationId) : null;
  if (!target) throw notFound(quizMessages.questionNotFound);
  const at = target.position;
  const result = await db.execute(sql`
    SELECT a.user_id, a.mode, a.timed, a.session_completed, now() > a.deadline AS late,
      coalesce(sh.checked[${at + 1}::int], false) AS checked, a.hints_given[${at + 1}::int] AS hints_given,
      a.total_questions, a.marking_scheme, a.exam_id, q.id AS question_id, q.version AS question_version, q.subject_id, q.topic_id,
      sh.time_spent[${at + 1}::int] AS time_spent, q.text AS question_text,
      q.type AS question_type, (sh.options -> ${at}::int)::text AS options_json,
      sh.answers[${at + 1}::int] AS answer_json, q.key::text AS key_json, q.explanation,
      q.options::text AS bank_options_json,
      (a.check_tries -> ${String(at)}::text)::text AS check_try_json,
      (a.check_scores -> ${String(at)}::text)::text AS first_score_json, a.confidence[${at + 1}::int] AS first_confidence,
      ${circulatesAgainMs('q.id')} AS back_ms,
      EXISTS (SELECT 1 FROM assessments o WHERE o.user_id = a.user_id AND o.id <> a.id
        AND NOT o.session_completed AND o.timed AND q.id = ANY (o.question_ids)
        AND o.deadline > now() - make_interval(secs => ${SAVE_GRACE_SECONDS}::int)) AS in_running_test
    FROM assessments a JOIN answer_sheets sh ON sh.assessment_id = a.id
    ${givenQuestion(sql`a.question_ids[${at + 1}::int]`, sql`a.question_versions[${at + 1}::int]`)}
    WHERE a.id = ${target.sessionId}`);
  const row = result.rows[0] as PositionRow | undefined;
  if (!row || row.user_id !== userId) throw notFound(quizMessages.questionNotFound);
  if (row.mode === 'timed' || row.timed) throw conflict(timedMessage);
  if (row.session_completed) throw conflict(quizMessages.alreadySubmitted);
  if (row.late) throw conflict(quizMessages.timeUp);
  if (row.back_ms !== null) {
    throw outOfCirculationError(row.back_ms, liveTestMessages.outOfCirculation);
  }
  if (row.in_running_test) throw conflict(practiceMessages.inRunningTest);
  return { sessionId: target.sessionId, position: at, row };
}

/** The rules' mark, and for a free-text answer they did not accept, the AI grader's verdict. */
async function markOf(grader: FreeTextGrader | null, row: PositionRow, answer: AnswerValue) {
  const scheme = schemeById(row.marking_scheme);
  const key = JSON.parse(row.key_json) as QuestionKey;
  let { score } = markAnswer(scheme, key, answer);
  const max = scheme.marks[row.question_type].correct;
  if (grader && key.type === 'text' && typeof answer === 'string' && score !== null && score < max) {
    const verdicts = await grader([
      { id: '0', question: row.question_text, options: [], expected: keyText(key), given: answer },
    ]);
    const verdict = verdicts.get('0');
    if (verdict) score = verdict.correct ? max : scheme.marks.text.wrong;
  }
  return { key, score };
}

export async function checkAnswer(
  db: Db,
  grader: FreeTextGrader | null,
  userId: string,
  evaluationId: string,
  body: CheckAnswerBody,
): Promise<CheckAnswerData> {
  const found = await practicePosition(db, userId, evaluationId, practiceMessages.checkTimed);
  if (found.row.checked) throw conflict(practiceMessages.alreadyChecked);
  let answer = parseAnswer(found.row.answer_json);
  if (body.userAnswer !== undefined) {
    const saved = await saveEvaluation(db, userId, { evaluationId, userAnswer: body.userAnswer });
    answer = saved.evaluation.userAnswer;
  }
  const { key, score } = await markOf(grader, found.row, answer);
  const at = found.position;
  const previous =
    found.row.check_try_json === null ? null : (JSON.parse(found.row.check_try_json) as CheckTry);
  const tries = (previous?.tries ?? 0) + 1;
  const first = tries === 1;
  const maxScore = fullMarks(schemeById(found.row.marking_scheme), found.row.question_type);
  const right = score !== null && score >= maxScore;
  const lock = right || body.reveal === true || tries >= CHECK_MAX_TRIES;
  const answerJson = answer === null ? null : JSON.stringify(answer);

  const sheet = await db.transaction(async (tx) => {
    // The lock is on the answer sheet, where saves look (and wait) for it; the answer must still be the
    // one marked. Practice sheets have a checked array: a timed session's has none and locks nothing.
    const updated = await tx.execute(sql`
      UPDATE answer_sheets s SET checked[${at + 1}::int] = ${lock}
      WHERE s.assessment_id = ${found.sessionId} AND s.user_id = ${userId} AND s.checked IS NOT NULL
        AND NOT s.completed AND NOT coalesce(s.checked[${at + 1}::int], false)
        AND s.answers[${at + 1}::int]::jsonb IS NOT DISTINCT FROM ${answerJson}::jsonb
      RETURNING s.marked[${at + 1}::int] AS marked`);
    const row = updated.rows[0] as { marked: boolean } | undefined;
    if (!row) return null;
    // The count moves only from the number of tries this check read: a concurrent check loses.
    const counted = await tx.execute(sql`
      UPDATE assessments a SET check_tries = coalesce(a.check_tries, '{}'::jsonb) || jsonb_build_object(
          ${String(at)}::text, jsonb_build_object('tries', ${tries}::int, 'mark', ${
            score === null ? null : JSON.stringify(score)
          }::jsonb)),
        confidence[${at + 1}::int] = CASE WHEN ${first} THEN ${body.confidence ?? null}::text
          ELSE a.confidence[${at + 1}::int] END,
        check_scores = CASE WHEN ${first} THEN coalesce(a.check_scores, '{}'::jsonb) || jsonb_build_object(
          ${String(at)}::text, ${score === null ? null : JSON.stringify(score)}::jsonb) ELSE a.check_scores END
      WHERE a.id = ${found.sessionId}
        AND coalesce((a.check_tries -> ${String(at)}::text ->> 'tries')::int, 0) = ${tries - 1}::int
      RETURNING a.id`);
    if (counted.rows.length === 0) throw conflict(practiceMessages.alreadyChecked);
    if (first) {
      await recordAnswers(tx, [
        {
          userId,
          questionId: found.row.question_id,
          assessmentId: found.sessionId,
          position: at,
          examId: found.row.exam_id,
          subjectId: found.row.subject_id,
          topicId: found.row.topic_id,
          sessionKind: found.row.mode === 'review' ? 'review' : 'practice',
          outcome: outcomeOf(answer, score, maxScore),
          score,
          maxScore,
          // After the worked solution (hint 4) a right answer is not recall: the queue hears a guess.
          confidence:
            Number(found.row.hints_given ?? 0) >= HINT_MAX_LEVEL ? 'guess' : (body.confidence ?? null),
          timeSpent: Number(found.row.time_spent ?? 0),
          answer,
          answeredAt: new Date(),
        },
      ]);
    }
    return row;
  });
  // Checked meanwhile by another request, or the answer changed under the check: nothing was written.
  if (!sheet) throw conflict(practiceMessages.alreadyChecked);
  const evaluation = {
    _id: evaluationId,
    userAnswer: answer,
    status: answer === null ? ('not_answered' as const) : ('answered' as const),
    markedForReview: Boolean(sheet.marked),
  };
  if (!lock) {
    return {
      correct: false,
      triesUsed: tries,
      triesLeft: CHECK_MAX_TRIES - tries,
      evaluation: {
        ...evaluation,
        locked: false,
        confidence: first ? (body.confidence ?? null) : found.row.first_confidence,
      },
    };
  }
  // The feedback's mark is the first check's (the one that counts); right/wrong is the answer's now.
  const bank = JSON.parse(found.row.bank_options_json) as string[];
  const shown = JSON.parse(found.row.options_json ?? '[]') as string[];
  const feedback = feedbackOf({
    schemeId: found.row.marking_scheme,
    type: found.row.question_type,
    key,
    answer,
    score: first ? score : (JSON.parse(found.row.first_score_json ?? 'null') as number | null),
    explanation: relabelOptions(found.row.explanation, bank, shown),
    lockedMark: first ? undefined : score,
  });
  // A paper in more than one language: the explanation in each, as the result gives it (docs/languages.md).
  const translated: Record<string, string> = {};
  for (const t of await questionInOtherLanguages(db, found.row.question_id, found.row.exam_id))
    if (t.explanation?.trim()) translated[t.lang] = relabelOptions(t.explanation, bank, shown)!.trim();
  const confidence = first ? (body.confidence ?? null) : found.row.first_confidence;
  return {
    ...feedback,
    ...(Object.keys(translated).length ? { translatedExplanations: translated } : {}),
    evaluation: { ...evaluation, locked: true, confidence },
  };
}
