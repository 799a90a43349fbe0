import { SCORE_CORRECT, SCORE_INCORRECT, scoreAnswer } from '@ai-tutor/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { assessments, evaluations, questions } from '../../db/schema.js';
import { gradeSession, type FreeTextGrader, type GradeVerdict } from './free-text-grading.js';
import { applyRecordDeltas, recordDeltas, type SessionForRecords } from './records.js';
import { GRACE } from './sql.js';

/**
 * Completing a session: the one path used by submit, by the periodic sweep and by reads of an expired
 * session. The assessment row is locked (FOR UPDATE) and re-checked inside the transaction, so however
 * many requests and server processes race, a session is scored and counted in the records once.
 * Saves take a share lock on the same row (see save-evaluation.ts): a save either lands before the
 * scoring reads the answers or is refused after it.
 * Every entry point takes the free-text grader (fastify.freeTextGrader, null without AI): its verdicts
 * override the rules for free-text answers that did not match exactly.
 */

const lockColumns = {
  id: assessments.id,
  userId: assessments.userId,
  quizType: assessments.quizType,
  moduleId: assessments.moduleId,
  subjectId: assessments.subjectId,
  topicId: assessments.topicId,
  totalMarks: assessments.totalMarks,
  sessionCompleted: assessments.sessionCompleted,
};
interface LockedAssessment extends SessionForRecords {
  id: string;
  sessionCompleted: boolean;
}

/** Scores and closes a session whose row the caller holds locked and has seen not completed. */
async function completeLocked(
  tx: DbOrTx,
  a: LockedAssessment,
  verdicts: Map<string, GradeVerdict> = new Map(),
): Promise<void> {
  const rows = await tx
    .select({
      id: evaluations.id,
      userAnswer: evaluations.userAnswer,
      answer: questions.answer,
      topicId: questions.topicId,
    })
    .from(evaluations)
    .innerJoin(questions, eq(questions.id, evaluations.questionId))
    .where(eq(evaluations.assessmentId, a.id))
    .orderBy(asc(evaluations.position));
  // An AI verdict (free text that did not match after normalisation) decides; otherwise the rules do.
  const scored = rows.map((row) => {
    const verdict = verdicts.get(row.id);
    const score = verdict
      ? verdict.correct
        ? SCORE_CORRECT
        : SCORE_INCORRECT
      : scoreAnswer(row.userAnswer, row.answer);
    return { ...row, score, note: verdict?.reason ?? null };
  });

  const attempted = scored.filter((q) => q.score !== null);
  if (attempted.length > 0) {
    // One statement for all scores: a 90-question mock test is one round trip, not ninety.
    const values = JSON.stringify(attempted.map((q) => ({ id: q.id, score: q.score, note: q.note })));
    await tx.execute(sql`
      UPDATE evaluations e SET score = v.score, grading_note = v.note, updated_at = now()
      FROM jsonb_to_recordset(${values}::jsonb) AS v(id uuid, score int, note text)
      WHERE e.id = v.id`);
  }

  const score = attempted.reduce((total, q) => total + (q.score ?? 0), 0);
  await tx
    .update(assessments)
    .set({
      score,
      answeredQuestion: attempted.length,
      sessionCompleted: true,
      // Submitted in time: now. Expired (sweep, late read, submit in the grace): the deadline.
      endTime: sql`least(now(), ${assessments.deadline})`,
    })
    .where(eq(assessments.id, a.id));

  await applyRecordDeltas(tx, a.userId, recordDeltas(a, scored));
}

async function lockAndComplete(
  tx: Tx,
  assessmentId: string,
  verdicts: Map<string, GradeVerdict>,
): Promise<boolean> {
  const [locked] = await tx
    .select(lockColumns)
    .from(assessments)
    .where(eq(assessments.id, assessmentId))
    .for('update');
  if (!locked || locked.sessionCompleted) return false;
  await completeLocked(tx, locked, verdicts);
  return true;
}

/** Completes one session; false when it was already completed (by this or another process). */
export async function completeAssessment(
  db: Db,
  grader: FreeTextGrader | null,
  assessmentId: string,
): Promise<boolean> {
  const verdicts = await gradeSession(db, grader, assessmentId);
  return db.transaction((tx) => lockAndComplete(tx, assessmentId, verdicts));
}

const expiredCondition = sql`${assessments.deadline} + ${GRACE} < now()`;

/**
 * Completes every session past its deadline and grace. Rows another process holds are skipped (SKIP
 * LOCKED): that process is completing them. Batches keep each transaction short.
 */
export async function sweepExpired(db: Db, grader: FreeTextGrader | null, batchSize = 25): Promise<number> {
  if (grader) return sweepOneByOne(db, grader, batchSize);
  let completed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select(lockColumns)
        .from(assessments)
        .where(and(eq(assessments.sessionCompleted, false), expiredCondition))
        .orderBy(asc(assessments.deadline))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      for (const a of due) await completeLocked(tx, a);
      return due.length;
    });
    completed += done;
    if (done < batchSize) return completed;
  }
}

/** Before listing a learner's attempts: their expired sessions become attempts first. */
export async function completeExpiredOf(
  db: Db,
  grader: FreeTextGrader | null,
  userId: string,
): Promise<void> {
  const due = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(eq(assessments.userId, userId), eq(assessments.sessionCompleted, false), expiredCondition));
  for (const a of due) await completeAssessment(db, grader, a.id);
}

/**
 * With an AI grader the answers are judged before any lock is taken, so sessions are completed one at a
 * time through completeAssessment (its FOR UPDATE re-check keeps completion exactly-once).
 */
async function sweepOneByOne(db: Db, grader: FreeTextGrader, batchSize: number): Promise<number> {
  let completed = 0;
  for (;;) {
    const due = await db
      .select({ id: assessments.id })
      .from(assessments)
      .where(and(eq(assessments.sessionCompleted, false), expiredCondition))
      .orderBy(asc(assessments.deadline))
      .limit(batchSize);
    for (const a of due) if (await completeAssessment(db, grader, a.id)) completed++;
    if (due.length < batchSize) return completed;
  }
}
