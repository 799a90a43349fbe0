import type { AnswerValue } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { answerSheets, assessments } from '../../src/db/schema.js';
import { parseAnswer } from '../../src/services/quiz/answer-sheets.js';
import { parseEvaluationId } from '../../src/services/quiz/session-ids.js';

export interface StoredEvaluation {
  questionId: string;
  userAnswer: AnswerValue;
  status: 'answered' | 'not_answered';
  markedForReview: boolean;
  timeSpentSeconds: number;
  score: number | null;
  aiExplanation: string | null;
}

/** What the database holds for one evaluation (a position of its session's row); undefined: none. */
export async function storedEvaluation(db: Db, id: string): Promise<StoredEvaluation | undefined> {
  const target = parseEvaluationId(id);
  if (!target) return undefined;
  const [row] = await db
    .select({ session: assessments, sheet: answerSheets })
    .from(assessments)
    .innerJoin(answerSheets, eq(answerSheets.assessmentId, assessments.id))
    .where(eq(assessments.id, target.sessionId));
  const at = target.position;
  if (!row || at >= row.session.questionIds.length) return undefined;
  const userAnswer = parseAnswer(row.sheet.answers[at]);
  return {
    questionId: row.session.questionIds[at]!,
    userAnswer,
    status: userAnswer === null ? 'not_answered' : 'answered',
    markedForReview: row.sheet.marked[at] ?? false,
    timeSpentSeconds: row.sheet.timeSpent[at] ?? 0,
    score: row.session.scores?.[at] ?? null,
    aiExplanation: row.session.aiExplanations?.[String(at)] ?? null,
  };
}

/** The question ids of a session, in position order. */
export async function questionIdsOf(db: Db, assessmentId: string): Promise<string[]> {
  const [row] = await db
    .select({ questionIds: assessments.questionIds })
    .from(assessments)
    .where(eq(assessments.id, assessmentId));
  return row?.questionIds ?? [];
}
