import { aiMessages, type ExplainData } from '@ai-tutor/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assessments, evaluations, questions } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { prompts, type ExplainInput } from './prompts.js';
import { AiError, type AiProvider } from './provider.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

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
 * evaluations.ai_explanation. Only the owner, only once the session is completed (409 before; 404 for
 * anyone else's or an unknown id). Without a provider, or when it fails, the stored explanation with a
 * notice saying it is not AI-made (never cached, so a later configured provider can still answer).
 */
export async function explainEvaluation(
  db: Db,
  ai: AiProvider,
  userId: string,
  evaluationId: string,
): Promise<ExplainData> {
  if (!isUuid(evaluationId)) throw notFound(aiMessages.evaluationNotFound);
  const [row] = await db
    .select({
      userId: assessments.userId,
      sessionCompleted: assessments.sessionCompleted,
      userAnswer: evaluations.userAnswer,
      options: evaluations.options,
      score: evaluations.score,
      aiExplanation: evaluations.aiExplanation,
      text: questions.text,
      answer: questions.answer,
      explanation: questions.explanation,
    })
    .from(evaluations)
    .innerJoin(assessments, eq(assessments.id, evaluations.assessmentId))
    .innerJoin(questions, eq(questions.id, evaluations.questionId))
    .where(eq(evaluations.id, evaluationId))
    .limit(1);
  if (!row || row.userId !== userId) throw notFound(aiMessages.evaluationNotFound);
  if (!row.sessionCompleted) throw conflict(aiMessages.sessionRunning);
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
  const [saved] = await db
    .update(evaluations)
    .set({ aiExplanation: explanation })
    .where(and(eq(evaluations.id, evaluationId), isNull(evaluations.aiExplanation)))
    .returning({ aiExplanation: evaluations.aiExplanation });
  if (!saved) {
    const [current] = await db
      .select({ aiExplanation: evaluations.aiExplanation })
      .from(evaluations)
      .where(eq(evaluations.id, evaluationId));
    if (current?.aiExplanation) {
      return { explanation: current.aiExplanation, aiGenerated: true, cached: true, notice: null };
    }
  }
  return { explanation, aiGenerated: true, cached: false, notice: null };
}
