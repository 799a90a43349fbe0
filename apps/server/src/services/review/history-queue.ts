import { fullMarks, schemeById, type SessionMode } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { parseAnswers, visitedPositions } from '../quiz/answer-sheets.js';
import { keysOf } from '../quiz/complete.js';
import { completedSession, type SessionsCompleted } from '../quiz/hooks.js';
import { completionEntries, recordAnswers } from './record-answers.js';

/**
 * Completed sessions whose answers enter the history later (decision 0011): the sweep's batches (an
 * exam day completes 20,000 sessions in a minute: 75 history rows each inside completion pushed their
 * completion past 25 s) and a live test's sessions once it is ranked (a review card before then would
 * tell a taker what they missed). A submit records at once: one learner waits for their own.
 * Drained a batch per transaction, oldest first; a crash loses nothing (the rows leave the queue in the
 * transaction that records them).
 */
export const HISTORY_BATCH = 50;

/** Queues a live test's completed sessions at its ranking (the caller's transaction). */
export async function queueLiveTestHistory(tx: DbOrTx, testId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO history_queue (assessment_id)
    SELECT id FROM assessments WHERE scheduled_test_id = ${testId}::uuid AND session_completed
    ON CONFLICT (assessment_id) DO NOTHING`);
}

interface QueuedRow {
  id: string;
  user_id: string;
  exam_id: string;
  marking_scheme: string;
  mode: SessionMode;
  /** Its answer sheet's (answer-sheets.ts). */
  answers: (string | null)[];
  time_spent: number[] | null;
  marked: boolean[];
  visited: boolean[] | null;
  scores: (number | null)[] | null;
  check_scores: Record<string, number | null> | null;
}

/** Records one batch from the queue; how many sessions it took (0: the queue is empty). */
async function drainBatch(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = (
      await tx.execute(sql`
        WITH taken AS (
          DELETE FROM history_queue WHERE assessment_id IN (
            SELECT assessment_id FROM history_queue ORDER BY queued_at
            LIMIT ${HISTORY_BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING assessment_id)
        SELECT a.id, a.user_id, a.exam_id, a.marking_scheme, a.mode, sh.answers, sh.time_spent, sh.marked, sh.visited, a.scores,
          a.check_scores
        FROM taken JOIN assessments a ON a.id = taken.assessment_id AND a.session_completed
        JOIN answer_sheets sh ON sh.assessment_id = a.id`)
    ).rows as unknown as QueuedRow[];
    if (rows.length === 0) return 0;
    const keys = await keysOf(
      tx,
      rows.map((r) => r.id),
    );
    const at = new Date();
    const entries = rows.flatMap((row) => {
      const scheme = schemeById(row.marking_scheme);
      const questions = keys.get(row.id) ?? [];
      const scored = questions.map((q) => ({
        score: row.scores?.[Number(q.pos) - 1] ?? null,
        max: fullMarks(scheme, q.type),
      }));
      const answers = parseAnswers(row.answers);
      const session = completedSession(
        {
          id: row.id,
          userId: row.user_id,
          examId: row.exam_id,
          mode: row.mode,
          scheduledTestId: null,
          answers,
          timeSpent: row.time_spent,
          visited: visitedPositions(row.visited, row.marked, row.time_spent ?? [], answers),
          marked: row.marked.map(Boolean),
          checkScores: row.check_scores,
        },
        questions,
        scored,
      );
      return completionEntries(session, at);
    });
    await recordAnswers(tx, entries);
    return rows.length;
  });
}

/** Drains the queue; the number of sessions recorded. */
export async function drainHistoryQueue(db: Db): Promise<number> {
  let total = 0;
  for (let n = await drainBatch(db); n > 0; n = await drainBatch(db)) total += n;
  return total;
}

/**
 * The review queue's handler of 'sessions completed' (services/quiz/hooks.ts), in completion's
 * transaction: a submit records its answers at once (one learner waits for their own); a sweep's batch
 * queues them (75 rows a session held exam-day completion up); a live test's sessions wait for its
 * ranking (queueLiveTestHistory): before then a review card or a mistake would tell a taker what they
 * missed.
 */
export async function recordCompleted(tx: DbOrTx, completed: SessionsCompleted): Promise<void> {
  const own = completed.sessions.filter((s) => !s.scheduledTestId);
  if (own.length === 0) return;
  if (completed.batch) {
    await tx.execute(sql`
      INSERT INTO history_queue (assessment_id)
      SELECT unnest(${`{${own.map((s) => s.id).join(',')}}`}::uuid[])
      ON CONFLICT (assessment_id) DO NOTHING`);
    return;
  }
  await recordAnswers(
    tx,
    own.flatMap((s) => completionEntries(s, completed.at)),
  );
}
