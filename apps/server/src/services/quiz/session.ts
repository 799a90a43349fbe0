import { randomBytes } from 'node:crypto';
import {
  SCORE_CORRECT,
  type Assessment,
  type CreateAssessmentBody,
  type ResultData,
  type SessionData,
} from '@ai-tutor/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assessments, evaluations } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { completeAssessment } from './complete.js';
import { resolveScope } from './scope.js';
import { selectQuestions, shuffle } from './selection.js';
import {
  findOwnAssessment,
  resultEvaluations,
  runningEvaluations,
  selectAssessments,
  toAssessment,
  toEvaluation,
  type AssessmentRow,
} from './views.js';

/** 72 random bits, URL-safe: slugs appear in result links and must not be guessable or enumerable. */
const newSlug = () => randomBytes(9).toString('base64url');

async function sessionData(db: Db, row: AssessmentRow): Promise<SessionData> {
  const rows = await runningEvaluations(db, row.id);
  // While running, the stored count is 0 until completion; the live count helps a resuming client.
  const answered = row.sessionCompleted ? undefined : rows.filter((r) => r.status === 'answered').length;
  return { assessment: toAssessment(row, answered), evaluation: rows.map(toEvaluation) };
}

/**
 * Creates a session and its evaluations in one transaction. The clock is the database's: startTime is
 * now(), the deadline now() + totalTime.
 */
export async function createSession(
  db: Db,
  userId: string,
  body: CreateAssessmentBody,
): Promise<SessionData> {
  const id = await db.transaction(async (tx) => {
    const scope = await resolveScope(tx, body, new Date());
    const picked = await selectQuestions(tx, userId, scope);
    if (picked.length === 0) {
      const what = scope.topic ?? scope.subject ?? scope.module;
      throw conflict(`No questions are available for ${what.name} yet. Please choose another quiz.`);
    }
    const [created] = await tx
      .insert(assessments)
      .values({
        slug: newSlug(),
        userId,
        quizType: scope.quizType,
        examId: scope.exam.id,
        moduleId: scope.module.id,
        subjectId: scope.subject?.id ?? null,
        topicId: scope.topic?.id ?? null,
        sessionName: scope.sessionName,
        totalQuestions: picked.length,
        totalMarks: SCORE_CORRECT * picked.length,
        totalTime: scope.totalTime,
        startTime: sql`now()`,
        deadline: sql`now() + make_interval(mins => ${scope.totalTime}::int)`,
      })
      .returning({ id: assessments.id });
    if (!created) throw new Error('assessment not created');
    // The option order is drawn once and stored: reloading the session shows the same order.
    await tx.insert(evaluations).values(
      picked.map((q, position) => ({
        assessmentId: created.id,
        questionId: q.id,
        position,
        options: shuffle(q.options),
      })),
    );
    return created.id;
  });
  const [row] = await selectAssessments(db).where(eq(assessments.id, id));
  if (!row) throw new Error('assessment vanished');
  return sessionData(db, row);
}

/**
 * The learner's own session by slug (404 for anyone else's, the same as for none). One past its
 * deadline and grace is completed before it is returned: reads never show a stale running session.
 */
export async function loadOwnAssessment(db: Db, userId: string, slug: string): Promise<AssessmentRow> {
  const row = await findOwnAssessment(db, userId, slug);
  if (!row) throw notFound('Assessment not found');
  if (!row.expired) return row;
  await completeAssessment(db, row.id);
  const completed = await findOwnAssessment(db, userId, slug);
  if (!completed) throw notFound('Assessment not found');
  return completed;
}

export async function getSession(db: Db, userId: string, slug: string): Promise<SessionData> {
  return sessionData(db, await loadOwnAssessment(db, userId, slug));
}

/** Submit: completes the session; submitting a completed one again just returns it. */
export async function submitSession(db: Db, userId: string, slug: string): Promise<Assessment> {
  const row = await loadOwnAssessment(db, userId, slug);
  if (row.sessionCompleted) return toAssessment(row);
  await completeAssessment(db, row.id);
  const completed = await findOwnAssessment(db, userId, slug);
  if (!completed) throw notFound('Assessment not found');
  return toAssessment(completed);
}

/** The result: only once completed, since it carries the answer key. */
export async function getResult(db: Db, userId: string, slug: string): Promise<ResultData> {
  const row = await loadOwnAssessment(db, userId, slug);
  if (!row.sessionCompleted) {
    throw conflict('This session is still running. Submit it to see the result.');
  }
  return { assessment: toAssessment(row), evaluations: await resultEvaluations(db, row.id) };
}
