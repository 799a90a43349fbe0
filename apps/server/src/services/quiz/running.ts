import type { RunningAttemptsData } from '@ai-tutor/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { answerSheets, assessments } from '../../db/schema.js';
import { isoMs } from './sql.js';
import { selectAssessments } from './views.js';

/** The learner's ordinary attempts still running (before their deadline), oldest first. */
export async function runningAttempts(db: Db, userId: string): Promise<RunningAttemptsData> {
  const rows = await selectAssessments(db)
    .where(
      and(
        eq(assessments.userId, userId),
        eq(assessments.sessionCompleted, false),
        sql`${assessments.deadline} > now()`,
        // A live test's attempt is resumed from the live-test list, never taken for the module's mock test.
        sql`${assessments.scheduledTestId} IS NULL`,
      ),
    )
    .orderBy(asc(assessments.createdAt));
  const answered = await db
    .select({
      id: answerSheets.assessmentId,
      count: sql<number>`cardinality(array_remove(${answerSheets.answers}, NULL))`,
    })
    .from(answerSheets)
    .where(and(eq(answerSheets.userId, userId), eq(answerSheets.completed, false)));
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
