import {
  quizMessages,
  RECENT_RESULTS_COUNT,
  type AttemptsData,
  type AttemptsQuery,
  type RecentAttemptsData,
} from '@ai-tutor/contract';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assessments, modules, questions, subjects, topics } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { completeExpiredOf } from './complete.js';
import type { QuizHooks } from './hooks.js';
import { selectAssessments, toAssessment } from './views.js';

/**
 * The attempts of one module, subject or topic: the signed-in learner's completed sessions that count
 * for that entity's performance record (see records.ts), newest first. So an attempts list and the
 * record's attempt count agree. Expired sessions are completed first so none is missing.
 */

async function entityFilter(db: Db, query: AttemptsQuery): Promise<{ name: string; where: SQL }> {
  if (query.entityType === 'exam_module') {
    const row = await db.query.modules.findFirst({
      where: eq(modules.slug, query.entitySlug),
      columns: { id: true, name: true },
    });
    if (!row) throw notFound(quizMessages.scopeNotFound('Module', query.entitySlug));
    const where = and(eq(assessments.quizType, 'module'), eq(assessments.moduleId, row.id));
    return { name: row.name, where: where ?? sql`false` };
  }
  if (query.entityType === 'subject') {
    const row = await db.query.subjects.findFirst({
      where: eq(subjects.slug, query.entitySlug),
      columns: { id: true, name: true },
    });
    if (!row) throw notFound(quizMessages.scopeNotFound('Subject', query.entitySlug));
    return { name: row.name, where: answered('subject', row.id) };
  }
  const row = await db.query.topics.findFirst({
    where: eq(topics.slug, query.entitySlug),
    columns: { id: true, name: true },
  });
  if (!row) throw notFound(quizMessages.scopeNotFound('Topic', query.entitySlug));
  return { name: row.name, where: answered('topic', row.id) };
}

/** As records.ts counts: the entity's own quizzes, and sessions that answered one of its questions. */
function answered(entity: 'subject' | 'topic', id: string): SQL {
  const own = entity === 'subject' ? assessments.subjectId : assessments.topicId;
  const column = sql.raw(entity === 'subject' ? 'q.subject_id' : 'q.topic_id');
  return sql`((${assessments.quizType} = ${entity} AND ${own} = ${id})
    OR EXISTS (SELECT 1 FROM unnest(${assessments.questionIds}) WITH ORDINALITY AS s(id, pos)
      JOIN ${questions} q ON q.id = s.id
      WHERE ${column} = ${id} AND jsonb_typeof(${assessments.scores} -> (s.pos::int - 1)) = 'number'))`;
}

export async function listAttempts(
  db: Db,
  hooks: QuizHooks,
  userId: string,
  query: AttemptsQuery,
): Promise<AttemptsData> {
  const entity = await entityFilter(db, query);
  await completeExpiredOf(db, hooks, userId);
  // Practice and review sessions are not attempts: they do not count for the records (records.ts).
  const where = and(
    eq(assessments.userId, userId),
    eq(assessments.sessionCompleted, true),
    eq(assessments.mode, 'timed'),
    entity.where,
  );
  const [rows, [totals]] = await Promise.all([
    selectAssessments(db)
      .where(where)
      .orderBy(desc(assessments.createdAt), desc(assessments.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(assessments).where(where),
  ]);
  return {
    assessments: rows.map((row) => toAssessment(row)),
    entityData: { name: entity.name },
    total: totals?.total ?? 0,
  };
}

/**
 * The home's recent results: the learner's latest completed timed attempts of any exam, newest first
 * (the same sessions the attempts lists show, practice and review left out).
 */
export async function recentAttempts(db: Db, hooks: QuizHooks, userId: string): Promise<RecentAttemptsData> {
  await completeExpiredOf(db, hooks, userId);
  const rows = await selectAssessments(db)
    .where(
      and(
        eq(assessments.userId, userId),
        eq(assessments.sessionCompleted, true),
        eq(assessments.mode, 'timed'),
      ),
    )
    .orderBy(desc(assessments.createdAt), desc(assessments.id))
    .limit(RECENT_RESULTS_COUNT);
  return { assessments: rows.map((row) => toAssessment(row)) };
}
