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
 * The AI grader of free-text answers, per database handle (so per app instance), set by the AI plugin
 * when a provider is configured. Completion asks it before taking any row lock: it waits on the network.
 */
const graders = new WeakMap<object, FreeTextGrader>();
export const setFreeTextGrader = (db: Db, grader: FreeTextGrader) => graders.set(db, grader);
export const freeTextGraderFor = (db: Db) => graders.get(db);

/** Verdicts for a session's answered free-text questions; empty when no grader is configured. */
export async function gradeSession(db: Db, assessmentId: string): Promise<Map<string, GradeVerdict>> {
  const grade = freeTextGraderFor(db);
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
