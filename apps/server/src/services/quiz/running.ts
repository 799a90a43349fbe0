import type { RunningAttemptsData } from '@ai-tutor/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assessments } from '../../db/schema.js';
import { isoMs } from './sql.js';
import { selectAssessments } from './views.js';

/** The learner's attempts still running (before their deadline), oldest first. */
export async function runningAttempts(db: Db, userId: string): Promise<RunningAttemptsData> {
  const rows = await selectAssessments(db)
    .where(
      and(
        eq(assessments.userId, userId),
        eq(assessments.sessionCompleted, false),
        sql`${assessments.deadline} > now()`,
      ),
    )
    .orderBy(asc(assessments.createdAt));
  const answered = await db
    .select({
      id: assessments.id,
      count: sql<number>`(SELECT count(*)::int FROM jsonb_array_elements(${assessments.answers}) AS x(v)
        WHERE x.v <> 'null'::jsonb)`,
    })
    .from(assessments)
    .where(and(eq(assessments.userId, userId), eq(assessments.sessionCompleted, false)));
  const answeredOf = new Map(answered.map((r) => [r.id, Number(r.count)]));
  return {
    attempts: rows.map((row) => ({
      slug: row.slug,
      quizType: row.quizType,
      examSlug: row.examSlug,
      moduleSlug: row.moduleSlug,
      subjectSlug: row.subjectSlug,
      topicSlug: row.topicSlug,
      sessionName: row.sessionName,
      mode: row.mode,
      timed: row.timed,
      deadline: row.deadline.toISOString(),
      serverTime: isoMs(row.serverTimeMs),
      answeredQuestion: answeredOf.get(row.id) ?? 0,
      totalQuestions: row.totalQuestions,
    })),
  };
}
