import {
  ntaPercentile,
  PERCENTILE_MIN_FIRST_ATTEMPTS,
  percentileText,
  type PracticePercentile,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * The practice percentile (docs/product.md#practice-percentile): an ordinary module mock test's score among every learner's
 * first completed attempt of that module (same marking scheme). Kept as counts per score, updated in
 * the completion's transaction, so a result reads a few dozen rows and never scans attempts.
 */

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Called in completion's transaction (quiz-hooks.ts) with the sessions it just scored: each that is a learner's first
 * ordinary mock test of its module is remembered and counted. A learner's second first attempt racing
 * in another transaction is held by the primary key (it counts once).
 */
export async function countFirstAttempts(tx: DbOrTx, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx.execute(sql`
    WITH firsts AS (
      INSERT INTO practice_first_attempts (user_id, module_id, marking_scheme, assessment_id, score)
      SELECT a.user_id, a.module_id, a.marking_scheme, a.id, a.score FROM assessments a
      WHERE a.id IN (${idList(sessionIds)}) AND a.quiz_type = 'module' AND a.mode = 'timed' AND a.scheduled_test_id IS NULL
        AND a.session_completed AND a.score IS NOT NULL
      ORDER BY a.created_at
      ON CONFLICT DO NOTHING
      RETURNING module_id, marking_scheme, score
    )
    INSERT INTO practice_score_counts (module_id, marking_scheme, score, count)
    SELECT module_id, marking_scheme, score, count(*)::int FROM firsts GROUP BY 1, 2, 3
    -- In key order, so concurrent sweep batches lock shared count rows in one order (no deadlock).
    ORDER BY 1, 2, 3
    ON CONFLICT (module_id, marking_scheme, score)
      DO UPDATE SET count = practice_score_counts.count + excluded.count`);
}

/** A key correction rescored these sessions: first attempts among them move to their new score. */
export async function recountFirstAttempts(tx: DbOrTx, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const changed = await tx.execute(sql`
    SELECT f.user_id, f.module_id, f.marking_scheme, f.score AS old_score, a.score AS new_score
    FROM practice_first_attempts f JOIN assessments a ON a.id = f.assessment_id
    WHERE f.assessment_id IN (${idList(sessionIds)}) AND f.score <> a.score
    FOR UPDATE OF f`);
  for (const row of changed.rows as {
    user_id: string;
    module_id: string;
    marking_scheme: string;
    old_score: number;
    new_score: number;
  }[]) {
    await tx.execute(sql`
      UPDATE practice_score_counts SET count = count - 1
      WHERE module_id = ${row.module_id}::uuid AND marking_scheme = ${row.marking_scheme}
        AND score = ${row.old_score}::int`);
    await tx.execute(sql`
      INSERT INTO practice_score_counts (module_id, marking_scheme, score, count)
      VALUES (${row.module_id}::uuid, ${row.marking_scheme}, ${row.new_score}::int, 1)
      ON CONFLICT (module_id, marking_scheme, score) DO UPDATE SET count = practice_score_counts.count + 1`);
    await tx.execute(sql`
      UPDATE practice_first_attempts SET score = ${row.new_score}::int
      WHERE user_id = ${row.user_id}::uuid AND module_id = ${row.module_id}::uuid`);
  }
}

/** This score among the module's first attempts; undefined while there are none. */
export async function practicePercentileOf(
  db: DbOrTx,
  moduleId: string,
  markingScheme: string,
  score: number,
  minAttempts = PERCENTILE_MIN_FIRST_ATTEMPTS,
): Promise<PracticePercentile | undefined> {
  const result = await db.execute(sql`
    SELECT coalesce(sum(count) FILTER (WHERE score <= ${score}::int), 0)::int AS at_or_below,
      coalesce(sum(count), 0)::int AS total
    FROM practice_score_counts WHERE module_id = ${moduleId}::uuid AND marking_scheme = ${markingScheme}`);
  const row = result.rows[0] as { at_or_below: number; total: number } | undefined;
  const total = Number(row?.total ?? 0);
  if (total === 0) return undefined;
  if (total < minAttempts) return { percentile: null, percentileText: null, firstAttempts: total };
  const percentile = ntaPercentile(Number(row?.at_or_below ?? 0), total);
  return { percentile, percentileText: percentileText(percentile), firstAttempts: total };
}
