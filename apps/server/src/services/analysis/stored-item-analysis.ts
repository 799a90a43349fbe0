import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { computeLiveTestItemAnalysis } from './item-analysis.js';

/**
 * A live test's stored item analysis (docs/item-analysis.md#when-it-is-computed): written by the
 * ranking job in the ranking's transaction, or on its own for a test whose results are held; rewritten
 * in a key correction's transaction; removed by a re-open for one learner, to be written again once
 * their window closes. The console's reads then cost a row, not a pass over every taker's answers.
 */

/** Computes the test's analysis from its completed sessions and stores it (caller's transaction). */
export async function storeItemAnalysis(tx: DbOrTx, testId: string): Promise<void> {
  const analysis = await computeLiveTestItemAnalysis(tx, testId);
  await tx.execute(sql`
    INSERT INTO live_test_item_analyses (test_id, analysis, computed_at)
    VALUES (${testId}::uuid, ${JSON.stringify(analysis)}::jsonb, now())
    ON CONFLICT (test_id) DO UPDATE SET analysis = excluded.analysis, computed_at = excluded.computed_at`);
}

/** Its takers are changing (a re-open): the stored analysis no longer holds. */
export async function forgetItemAnalysis(tx: DbOrTx, testId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM live_test_item_analyses WHERE test_id = ${testId}::uuid`);
}
