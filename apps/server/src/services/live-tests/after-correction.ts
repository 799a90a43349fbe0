import type { KeyCorrectionResult, RankMove } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { CorrectionEffects, KeyCorrected } from '../quiz/hooks.js';
import { recountFirstAttempts } from './practice.js';
import { rerankTestsWithQuestion } from './ranking.js';

/**
 * What a key correction changes here, in its transaction (a handler of hooks.keyCorrected): the
 * practice percentile's counts of the rescored first attempts, and the ranking of every ranked live
 * test whose paper has the question, with the takers whose rank moved for the correction's summary (a
 * dry run reports exactly what applying would do). Rescoring leaves the stored rankings alone, so the
 * snapshot before re-ranking is the ranks before the correction.
 */
export async function liveTestsAfterCorrection(
  tx: DbOrTx,
  correction: KeyCorrected,
): Promise<CorrectionEffects> {
  const before = await rankSnapshot(tx, correction.questionId);
  await recountFirstAttempts(tx, correction.rescoredSessionIds);
  await rerankTestsWithQuestion(tx, correction.questionId);
  return { liveTests: rankMoves(before, await rankSnapshot(tx, correction.questionId)) };
}

interface RankRow {
  test_id: string;
  test_name: string;
  user_id: string;
  name: string;
  email: string;
  rank: number;
  percentile: number;
  score: number;
}

export type RankSnapshot = RankRow[];

/** Every ranking row of the ranked live tests whose paper has the question. */
export async function rankSnapshot(tx: DbOrTx, questionId: string): Promise<RankSnapshot> {
  const result = await tx.execute(sql`
    SELECT r.test_id, st.name AS test_name, r.user_id, u.name, u.email, r.rank, r.percentile, r.score
    FROM live_test_rankings r
    JOIN scheduled_tests st ON st.id = r.test_id
    JOIN users u ON u.id = r.user_id
    WHERE st.question_ids @> ARRAY[${questionId}::uuid] AND st.ranked_at IS NOT NULL
    ORDER BY st.closes_at, r.test_id, r.rank, u.email`);
  return (result.rows as unknown as RankRow[]).map((row) => ({
    ...row,
    rank: Number(row.rank),
    percentile: Number(row.percentile),
    score: Number(row.score),
  }));
}

/** Per test (in the order of `after`), the takers whose rank or percentile differs. */
export function rankMoves(before: RankSnapshot, after: RankSnapshot): KeyCorrectionResult['liveTests'] {
  const was = new Map(before.map((row) => [`${row.test_id}:${row.user_id}`, row]));
  const tests = new Map<string, KeyCorrectionResult['liveTests'][number]>();
  for (const row of after) {
    const test = tests.get(row.test_id) ?? { id: row.test_id, name: row.test_name, moves: [] as RankMove[] };
    tests.set(row.test_id, test);
    const old = was.get(`${row.test_id}:${row.user_id}`);
    if (!old || (old.rank === row.rank && old.percentile === row.percentile)) continue;
    test.moves.push({
      learner: { id: row.user_id, name: row.name, email: row.email },
      scoreBefore: old.score,
      scoreAfter: row.score,
      rankBefore: old.rank,
      rankAfter: row.rank,
      percentileBefore: old.percentile,
      percentileAfter: row.percentile,
    });
  }
  return [...tests.values()];
}
