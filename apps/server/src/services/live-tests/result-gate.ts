import { liveTestMessages, RESULTS_BEING_CHECKED, type PracticePercentile } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conflict, notYet, type AppError } from '../../lib/errors.js';
import { GRACE_SECONDS_AFTER_CLOSE } from './timing.js';
import { practicePercentileOf } from './practice.js';

/**
 * What a live test's session may show before its ranking (docs/product.md#live-test-rules): nothing of its result —
 * keys, explanations, scores — until the test closes and is ranked. The refusal says when to ask again.
 * The close is the test's last window's (a window re-opened for one learner may close later); a test
 * whose results are released by hand is ranked only after the release, and says meanwhile that its
 * results are being checked.
 */

interface GateRow {
  liveTestId: string | null;
  liveTestClosesAt: Date | null;
  liveTestRankedAt: Date | null;
  /** Released by hand and not released yet. */
  liveTestHeld?: boolean | null;
}

export const resultsOpenAt = (closesAt: Date) =>
  new Date(closesAt.getTime() + GRACE_SECONDS_AFTER_CLOSE * 1000);

/** How long a client waits before asking again while the ranking is computed after the close. */
export const RANKING_RETRY_MS = 5000;

/**
 * The 409 of a live test whose ranking is not ready: results released by hand say "being checked"
 * from the first submission on (no moment: an operator releases them, docs/live-tests.md#from-the-console,
 * so the close is no promise); others, before the close, "results open at" the close (plus the save
 * grace), and after it "being computed", to ask again in a few seconds.
 */
export function rankingNotReady(closesAt: Date, nowMs: number, held = false): AppError {
  if (held) return conflict(RESULTS_BEING_CHECKED);
  const opensAt = resultsOpenAt(closesAt);
  if (nowMs < opensAt.getTime()) return notYet(liveTestMessages.resultsNotYet(closesAt), opensAt);
  return notYet(liveTestMessages.rankingInProgress, new Date(nowMs + RANKING_RETRY_MS));
}

/** Throws the 409 (with `availableAt`) for a live test's session whose ranking is not ready. */
export function checkLiveResultsOpen(row: GateRow, nowMs = Date.now()): void {
  if (!row.liveTestId || row.liveTestRankedAt || !row.liveTestClosesAt) return;
  throw rankingNotReady(row.liveTestClosesAt, nowMs, row.liveTestHeld === true);
}

/** The same rule for a session known by id (the AI tutor's explain call). */
export async function checkLiveResultsOpenById(db: DbOrTx, sessionId: string): Promise<void> {
  const result = await db.execute(sql`
    SELECT t.id, (extract(epoch from greatest(t.closes_at, t.extended_until)) * 1000)::float8 AS closes_ms,
      t.ranked_at IS NOT NULL AS ranked, (extract(epoch from now()) * 1000)::float8 AS now_ms,
      t.release = 'manual' AND t.released_at IS NULL AS held
    FROM assessments a JOIN scheduled_tests t ON t.id = a.scheduled_test_id
    WHERE a.id = ${sessionId}::uuid`);
  const row = result.rows[0] as
    { id: string; closes_ms: number; ranked: boolean; now_ms: number; held: boolean } | undefined;
  if (!row) return;
  checkLiveResultsOpen(
    {
      liveTestId: row.id,
      liveTestClosesAt: new Date(Number(row.closes_ms)),
      liveTestRankedAt: row.ranked ? new Date() : null,
      liveTestHeld: row.held,
    },
    Number(row.now_ms),
  );
}

/** An ordinary module mock test's practice percentile; undefined for anything else. */
export async function practicePercentileOfSession(
  db: DbOrTx,
  row: GateRow & {
    quizType: string;
    mode: string;
    moduleId: string | null;
    markingScheme: string;
    score: number | null;
  },
  minAttempts?: number,
): Promise<PracticePercentile | undefined> {
  // Among first timed attempts of a module mock test: practice runs and live tests are not compared.
  if (
    row.quizType !== 'module' ||
    row.mode !== 'timed' ||
    !row.moduleId ||
    row.liveTestId ||
    row.score === null
  )
    return undefined;
  return practicePercentileOf(db, row.moduleId, row.markingScheme, row.score, minAttempts);
}
