import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { evaluations, questions } from '../../db/schema.js';

export interface GradeVerdict {
  correct: boolean;
  reason: string;
}
export type FreeTextGrader = (
  items: { id: string; question: string; options: string[]; expected: string; given: string | null }[],
) => Promise<Map<string, GradeVerdict>>;

/**
 * Verdicts for a session's answered free-text questions; empty without a grader (no AI provider, see
 * plugins/app/ai.ts). Completion asks before taking any row lock: the grader waits on the network.
 */
export async function gradeSession(
  db: Db,
  grade: FreeTextGrader | null,
  assessmentId: string,
): Promise<Map<string, GradeVerdict>> {
  if (!grade) return new Map();
  const rows = await db
    .select({
      id: evaluations.id,
      question: questions.text,
      options: evaluations.options,
      expected: questions.answer,
      given: evaluations.userAnswer,
    })
    .from(evaluations)
    .innerJoin(questions, eq(questions.id, evaluations.questionId))
    .where(
      and(
        eq(evaluations.assessmentId, assessmentId),
        isNotNull(evaluations.userAnswer),
        sql`jsonb_array_length(${evaluations.options}) = 0`,
      ),
    );
  return rows.length ? grade(rows) : new Map();
}
