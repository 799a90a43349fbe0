import { fullMarks, schemeById, type AnswerValue } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { keysOf } from '../quiz/complete.js';
import { completionEntries, recordAnswers } from '../tutor/record-answers.js';

/**
 * A live test's answers enter the tutor loop's history (review queue, mistakes, item difficulty) only
 * once the test is ranked: before that a new review card would tell a taker what they got wrong while
 * the window is open (DESIGN.md §6.3). They are recorded after the ranking is published, 50 sessions a
 * transaction, so the ranking of 10,000 takers is not held up by 750,000 history rows. A session is
 * picked only while it has no history row, so a crash mid-way resumes where it stopped.
 */
const BATCH = 50;

interface SessionRow {
  id: string;
  user_id: string;
  exam_id: string;
  marking_scheme: string;
  answers: AnswerValue[];
  time_spent: number[] | null;
  scores: (number | null)[] | null;
}

/** Records one batch; the number of sessions recorded (0: none left). */
async function recordBatch(db: Db, testId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = (
      await tx.execute(sql`
        SELECT a.id, a.user_id, a.exam_id, a.marking_scheme, a.answers, a.time_spent, a.scores
        FROM assessments a
        WHERE a.scheduled_test_id = ${testId}::uuid AND a.session_completed
          AND NOT EXISTS (SELECT 1 FROM question_attempts qa WHERE qa.assessment_id = a.id)
        ORDER BY a.id LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`)
    ).rows as unknown as SessionRow[];
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
      const session = {
        id: row.id,
        userId: row.user_id,
        examId: row.exam_id,
        answers: row.answers,
        timeSpent: row.time_spent,
      };
      return completionEntries(session, questions, scored, at, 'timed');
    });
    await recordAnswers(tx, entries);
    return rows.length;
  });
}

/** Records every session of a ranked test that has no history yet. */
export async function recordLiveTestHistory(db: Db, testId: string): Promise<number> {
  let total = 0;
  for (let n = await recordBatch(db, testId); n > 0; n = await recordBatch(db, testId)) total += n;
  return total;
}

/** Tests ranked in the last day whose history a stopped process left unfinished (once at start-up). */
export async function resumeLiveTestHistory(db: Db): Promise<void> {
  const tests = (
    await db.execute(sql`
      SELECT t.id FROM scheduled_tests t
      WHERE t.ranked_at > now() - interval '1 day' AND EXISTS (
        SELECT 1 FROM assessments a WHERE a.scheduled_test_id = t.id AND a.session_completed
          AND NOT EXISTS (SELECT 1 FROM question_attempts qa WHERE qa.assessment_id = a.id))`)
  ).rows as { id: string }[];
  for (const { id } of tests) await recordLiveTestHistory(db, id);
}
