import { REVIEW_NEW_CARDS_PER_DAY } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { inCirculation } from '../live-tests/circulation.js';

/**
 * The questions a review session asks (docs/product.md#review-queue): the learner's due cards of an exam, most
 * overdue first within each topic, interleaved across topics (round-robin, the topic with the most
 * overdue card first) so that a session does not drill one topic in a row. New cards enter at most
 * REVIEW_NEW_CARDS_PER_DAY in any 24 hours, the earliest due first; the rest wait.
 */

/** How many due cards are read to interleave from: beyond it, the most overdue are enough. */
const DUE_WINDOW = 500;

/**
 * Questions a draw, the notebook and the queue's counts may use: not dropped by a key correction,
 * published, and in circulation (not in an open live paper, decision 0014).
 */
export const USABLE_QUESTION = sql`q.dropped_at IS NULL AND q.status = 'approved' AND ${inCirculation('q.id')}`;

/**
 * How many more new cards (entered the queue, not answered since) the learner may be shown now: the
 * daily limit less those introduced in the last 24 hours. A new card beyond it waits, not due yet.
 */
export const newCardAllowance = (userId: string, perDay: number) => sql`greatest(0, ${perDay}::int - (
  SELECT count(*) FROM review_cards n WHERE n.user_id = ${userId}
    AND n.introduced_at > now() - interval '24 hours'))`;

/**
 * The learner's usable, undismissed cards (of one exam, or all) with `new_rank`: a new card's place
 * among the new ones by due date (null for a card already introduced). Due counts and draws take a new
 * card only while its rank is within the allowance.
 */
export const rankedCards = (userId: string, examId: string | null) => sql`
  SELECT c.*, CASE WHEN c.introduced_at IS NULL THEN row_number() OVER (
      PARTITION BY c.introduced_at IS NULL ORDER BY c.due, c.question_id) END AS new_rank
  FROM review_cards c JOIN questions q ON q.id = c.question_id
  WHERE c.user_id = ${userId} AND c.dismissed_at IS NULL AND ${USABLE_QUESTION}
    ${examId ? sql`AND c.exam_id = ${examId}` : sql``}`;

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
  newCardsPerDay = REVIEW_NEW_CARDS_PER_DAY,
): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT c.question_id, coalesce(c.topic_id::text, 'subject:' || c.subject_id::text) AS topic_key
    FROM (${rankedCards(userId, examId)}) c
    WHERE c.due <= now() AND (c.new_rank IS NULL OR c.new_rank <= ${newCardAllowance(userId, newCardsPerDay)})
      AND NOT EXISTS (SELECT 1 FROM assessments a WHERE a.user_id = ${userId}
        AND NOT a.session_completed AND c.question_id = ANY (a.question_ids))
    ORDER BY c.due, c.question_id
    LIMIT ${DUE_WINDOW}`);
  const rows = result.rows as unknown as { question_id: string; topic_key: string }[];
  return interleave(rows, (r) => r.topic_key, limit).map((r) => r.question_id);
}
