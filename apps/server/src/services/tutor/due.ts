import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * The questions a review session asks (docs/product.md#review-queue): the learner's due cards of an exam, most
 * overdue first within each topic, interleaved across topics (round-robin, the topic with the most
 * overdue card first) so that a session does not drill one topic in a row.
 */

/** How many due cards are read to interleave from: beyond it, the most overdue are enough. */
const DUE_WINDOW = 500;

/** Questions a live draw may use: not dropped by a key correction, and published. */
export const USABLE_QUESTION = sql`q.dropped_at IS NULL AND q.status = 'active'`;

/** Round-robin over groups in their first-seen order: a1 b1 c1 a2 b2 a3… */
export function interleave<T>(items: T[], groupOf: (item: T) => string, limit: number): T[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = groupOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const queues = [...groups.values()];
  const out: T[] = [];
  for (let round = 0; out.length < limit; round++) {
    let took = false;
    for (const queue of queues) {
      const item = queue[round];
      if (item === undefined) continue;
      took = true;
      out.push(item);
      if (out.length === limit) break;
    }
    if (!took) break;
  }
  return out;
}

/** The learner's due questions of an exam (due now), interleaved across topics, at most `limit`. */
export async function dueQuestionIds(
  db: DbOrTx,
  userId: string,
  examId: string,
  limit: number,
): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT c.question_id, coalesce(c.topic_id::text, 'subject:' || c.subject_id::text) AS topic_key
    FROM review_cards c
    JOIN questions q ON q.id = c.question_id
    WHERE c.user_id = ${userId} AND c.dismissed_at IS NULL AND c.due <= now() AND c.exam_id = ${examId}
      AND ${USABLE_QUESTION}
      AND NOT EXISTS (SELECT 1 FROM assessments a WHERE a.user_id = ${userId}
        AND NOT a.session_completed AND c.question_id = ANY (a.question_ids))
    ORDER BY c.due, c.question_id
    LIMIT ${DUE_WINDOW}`);
  const rows = result.rows as unknown as { question_id: string; topic_key: string }[];
  return interleave(rows, (r) => r.topic_key, limit).map((r) => r.question_id);
}
