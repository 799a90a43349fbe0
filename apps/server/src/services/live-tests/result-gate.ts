import { liveTestMessages, type PracticePercentile } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notYet } from '../../lib/errors.js';
import { GRACE_SECONDS_AFTER_CLOSE } from './timing.js';
import { practicePercentileOf } from './practice.js';

/**
 * What a live test's session may show before its ranking (DESIGN.md §6.3): nothing of its result —
 * keys, explanations, scores — until the test closes and is ranked. The refusal says when to ask again.
 */

interface GateRow {
  liveTestId: string | null;
  liveTestClosesAt: Date | null;
  liveTestRankedAt: Date | null;
}

export const resultsOpenAt = (closesAt: Date) =>
  new Date(closesAt.getTime() + GRACE_SECONDS_AFTER_CLOSE * 1000);

/** Throws the 409 (with `availableAt`) for a live test's session whose ranking is not ready. */
export function checkLiveResultsOpen(row: GateRow): void {
  if (!row.liveTestId || row.liveTestRankedAt || !row.liveTestClosesAt) return;
  throw notYet(liveTestMessages.resultsNotYet(row.liveTestClosesAt), resultsOpenAt(row.liveTestClosesAt));
}

/** The same rule for a session known by id (the AI tutor's explain call). */
export async function checkLiveResultsOpenById(db: DbOrTx, sessionId: string): Promise<void> {
  const result = await db.execute(sql`
    SELECT t.id, (extract(epoch from t.closes_at) * 1000)::float8 AS closes_ms, t.ranked_at IS NOT NULL AS ranked
    FROM assessments a JOIN scheduled_tests t ON t.id = a.scheduled_test_id
    WHERE a.id = ${sessionId}::uuid`);
  const row = result.rows[0] as { id: string; closes_ms: number; ranked: boolean } | undefined;
  if (!row) return;
  checkLiveResultsOpen({
    liveTestId: row.id,
    liveTestClosesAt: new Date(Number(row.closes_ms)),
    liveTestRankedAt: row.ranked ? new Date() : null,
  });
}

/** An ordinary module mock test's practice percentile; undefined for anything else. */
export async function practicePercentileOfSession(
  db: DbOrTx,
  row: GateRow & { quizType: string; moduleId: string; markingScheme: string; score: number | null },
): Promise<PracticePercentile | undefined> {
  if (row.quizType !== 'module' || row.liveTestId || row.score === null) return undefined;
  return practicePercentileOf(db, row.moduleId, row.markingScheme, row.score);
}
