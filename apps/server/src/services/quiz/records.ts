import type { AttemptEntityType, QuizType, SessionMode } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { performanceRecords } from '../../db/schema.js';

/**
 * Performance records: one row per (learner, entity), updated once per completed session.
 *
 * Which entities a session counts for:
 * - its own entity with the whole score: the module for a mock test ('exam_module'), the subject for a
 *   subject quiz ('subject'), the topic for a topic quiz ('topic');
 * - every subject and every topic it answered a question of, with the marks of those questions only
 *   (a mock test is practice on each subject and topic it touches; a topic quiz on its subject).
 * So a subject's attempts are never fewer than any of its topics' (a card never says "No attempts
 * yet" above a topic attempted in a mock: decision 0016), and each attempts list lists exactly the
 * completed sessions its record counts (attempts.ts).
 *
 * averageScore = percentageSum / attempts, each attempt's percentage being score / marks × 100
 * (negative when wrong answers outweigh right ones).
 *
 * Only timed module, subject and topic sessions count (docs/product.md#performance-records): practice and review marks, and
 * adaptive sessions (their questions are picked at the learner's weak spots), stay out of the records.
 */

export interface SessionForRecords {
  userId: string;
  quizType: QuizType;
  mode: SessionMode;
  moduleId: string | null;
  subjectId: string | null;
  topicId: string | null;
  totalMarks: number;
}

export interface ScoredQuestion {
  score: number | null;
  /** What the question was worth under the session's marking scheme. */
  max: number;
  topicId: string | null;
  subjectId: string | null;
}

export interface RecordDelta {
  entityType: AttemptEntityType;
  entityId: string;
  score: number;
  marks: number;
}

const sum = (items: ScoredQuestion[]) => items.reduce((total, q) => total + (q.score ?? 0), 0);

export function recordDeltas(session: SessionForRecords, scored: ScoredQuestion[]): RecordDelta[] {
  if (!countsForRecords(session)) return [];
  const own: RecordDelta =
    session.quizType === 'module'
      ? { entityType: 'exam_module', entityId: session.moduleId ?? '', score: 0, marks: 0 }
      : session.quizType === 'subject'
        ? { entityType: 'subject', entityId: session.subjectId ?? '', score: 0, marks: 0 }
        : { entityType: 'topic', entityId: session.topicId ?? '', score: 0, marks: 0 };
  own.score = sum(scored);
  own.marks = session.totalMarks;
  const deltas = own.entityId ? [own] : [];

  for (const entityType of ['subject', 'topic'] as const) {
    const byEntity = new Map<string, ScoredQuestion[]>();
    for (const q of scored) {
      const id = entityType === 'subject' ? q.subjectId : q.topicId;
      if (id) byEntity.set(id, [...(byEntity.get(id) ?? []), q]);
    }
    for (const [entityId, items] of byEntity) {
      // A quiz's own record already is this entity's record: counting it twice would double it.
      if (own.entityType === entityType && own.entityId === entityId) continue;
      // An entity none of whose questions was answered was not attempted: it makes no record.
      if (items.every((q) => q.score === null)) continue;
      deltas.push({ entityType, entityId, score: sum(items), marks: items.reduce((t, q) => t + q.max, 0) });
    }
  }
  return deltas;
}

/** The sessions the records (and the attempts lists that agree with them) are made of. */
export function countsForRecords(session: Pick<SessionForRecords, 'quizType' | 'mode'>): boolean {
  return session.mode === 'timed' && ['module', 'subject', 'topic'].includes(session.quizType);
}

/** One statement for all of a session's records; the caller's transaction makes it once-only. */
export async function applyRecordDeltas(tx: DbOrTx, userId: string, deltas: RecordDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const r = performanceRecords;
  await tx
    .insert(r)
    .values(
      deltas.map((d) => ({
        userId,
        entityType: d.entityType,
        entityId: d.entityId,
        attempts: 1,
        totalScore: d.score,
        totalMarks: d.marks,
        percentageSum: d.marks > 0 ? (d.score / d.marks) * 100 : 0,
        lastAttemptScore: d.score,
        highestScore: d.score,
      })),
    )
    .onConflictDoUpdate({
      target: [r.userId, r.entityType, r.entityId],
      set: {
        attempts: sql`${r.attempts} + 1`,
        totalScore: sql`${r.totalScore} + excluded.total_score`,
        totalMarks: sql`${r.totalMarks} + excluded.total_marks`,
        percentageSum: sql`${r.percentageSum} + excluded.percentage_sum`,
        lastAttemptScore: sql`excluded.last_attempt_score`,
        highestScore: sql`greatest(${r.highestScore}, excluded.highest_score)`,
        updatedAt: sql`now()`,
      },
    });
}
