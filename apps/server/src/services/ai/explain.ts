import {
  aiMessages,
  answerText,
  liveTestMessages,
  type AnswerValue,
  type ExplainData,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { circulatesAgainMs, outOfCirculationError } from '../live-tests/circulation.js';
import { checkLiveResultsOpenById } from '../live-tests/result-gate.js';
import { parseEvaluationId } from '../quiz/session-ids.js';
import { prompts, type ExplainInput } from './prompts.js';
import { AiError, type AiProvider } from './provider.js';
import { givenQuestion } from '../quiz/given-question.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

interface ExplainRow {
  user_id: string;
  session_completed: boolean;
  answer_json: string | null;
  options_json: string;
  score_json: string | null;
  ai_explanation: string | null;
  text: string;
  answer: string;
  explanation: string | null;
  back_ms: number | null;
}

function outcomeOf(score: number | null): ExplainInput['outcome'] {
  if (score === null) return 'not attempted';
  return score > 0 ? 'correct' : 'incorrect';
}

/** The model's three parts as one text the result screen shows (maths stays in $…$). */
export function composeExplanation(parts: { whyTempting: string; whereItGoesWrong: string; method: string }) {
  return [
    parts.whyTempting.trim() && `Why your answer was tempting: ${parts.whyTempting.trim()}`,
    parts.whereItGoesWrong.trim() && `Where it goes wrong: ${parts.whereItGoesWrong.trim()}`,
    `How to reach the right answer: ${parts.method.trim()}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Explain my mistake: an explanation written for this learner's answer, cached in
 * the session's ai_explanations. Only the owner, only once the session is completed (409 before; 404 for
 * anyone else's or an unknown id), and not while the question is in an open live paper (409 with when
 * it opens). Without a provider, or when it fails, the stored explanation with a
 * notice saying it is not AI-made (never cached, so a later configured provider can still answer).
 */
export async function explainEvaluation(
  db: Db,
  ai: AiProvider,
  userId: string,
  evaluationId: string,
): Promise<ExplainData> {
  const target = isUuid(evaluationId) ? parseEvaluationId(evaluationId) : null;
  if (!target) throw notFound(aiMessages.evaluationNotFound);
  const at = target.position;
  const result = await db.execute(sql`
    SELECT a.user_id, a.session_completed, sh.answers[${at + 1}::int] AS answer_json,
      (sh.options -> ${at}::int)::text AS options_json, (a.scores -> ${at}::int)::text AS score_json,
      a.ai_explanations ->> ${String(at)}::text AS ai_explanation, q.text, q.answer, q.explanation,
      ${circulatesAgainMs('q.id')} AS back_ms
    FROM assessments a JOIN answer_sheets sh ON sh.assessment_id = a.id
    ${givenQuestion(sql`a.question_ids[${at + 1}::int]`, sql`a.question_versions[${at + 1}::int]`)}
    WHERE a.id = ${target.sessionId}`);
  const found = result.rows[0] as ExplainRow | undefined;
  const row = found && {
    userId: found.user_id,
    sessionCompleted: Boolean(found.session_completed),
    userAnswer: answerText(
      found.answer_json === null ? null : (JSON.parse(found.answer_json) as AnswerValue),
    ),
    options: JSON.parse(found.options_json ?? '[]') as string[],
    score: found.score_json === null ? null : (JSON.parse(found.score_json) as number | null),
    aiExplanation: found.ai_explanation,
    text: found.text,
    answer: found.answer,
    explanation: found.explanation,
    backMs: found.back_ms,
  };
  if (!row || row.userId !== userId) throw notFound(aiMessages.evaluationNotFound);
  if (!row.sessionCompleted) throw conflict(aiMessages.sessionRunning);
  await checkLiveResultsOpenById(db, target.sessionId);
  // A question now in a live paper (decision 0014) is explained again once that test's results open.
  if (row.backMs !== null) {
    throw outOfCirculationError(row.backMs, liveTestMessages.outOfCirculation);
  }
  if (row.aiExplanation) {
    return { explanation: row.aiExplanation, aiGenerated: true, cached: true, notice: null };
  }

  const stored = row.explanation?.trim() || null;
  const fallback = (configured: boolean): ExplainData => ({
    explanation: stored ?? `The correct answer is: ${row.answer}`,
    aiGenerated: false,
    cached: false,
    notice: configured
      ? stored
        ? aiMessages.unavailable
        : aiMessages.unavailableNoExplanation
      : stored
        ? aiMessages.notConfigured
        : aiMessages.notConfiguredNoExplanation,
  });
  if (!ai.enabled) return fallback(false);

  let explanation: string;
  try {
    explanation = composeExplanation(
      await ai.run(prompts.explain, {
        question: row.text,
        options: row.options,
        correctAnswer: row.answer,
        userAnswer: row.userAnswer?.trim() ? row.userAnswer : null,
        outcome: outcomeOf(row.score),
        referenceExplanation: stored,
      }),
    );
  } catch (error) {
    if (error instanceof AiError) return fallback(true);
    throw error;
  }

  // Two requests racing both asked the model; the first stored answer is the one every reader sees.
  const saved = await db.execute(sql`
    UPDATE assessments SET ai_explanations = coalesce(ai_explanations, '{}'::jsonb)
      || jsonb_build_object(${String(at)}::text, ${explanation}::text)
    WHERE id = ${target.sessionId} AND NOT coalesce(ai_explanations ? ${String(at)}::text, false)
    RETURNING id`);
  if (saved.rows.length === 0) {
    const current = await db.execute(sql`
      SELECT ai_explanations ->> ${String(at)}::text AS text FROM assessments WHERE id = ${target.sessionId}`);
    const text = (current.rows[0] as { text: string | null } | undefined)?.text;
    if (text) return { explanation: text, aiGenerated: true, cached: true, notice: null };
  }
  return { explanation, aiGenerated: true, cached: false, notice: null };
}
