import type { KeyCorrectionResult, KeyCorrectionBody, QuestionKey, RankMove } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * What a key correction changes that a person reads: the new key from the console's or the CLI's
 * choice, and the live tests' ranks before and after it (read inside the correction's transaction,
 * so a dry run reports exactly what applying would do).
 */

/** A correction's new key as the console and the CLI give it; the question's type is checked later. */
export type KeyChoice = KeyCorrectionBody extends infer Body
  ? Body extends unknown
    ? Omit<Body, 'reason' | 'dryRun'>
    : never
  : never;

/** The key a choice names (a drop has none). */
export function keyFromChoice(choice: KeyChoice): QuestionKey | undefined {
  if ('drop' in choice) return undefined;
  if ('answers' in choice) return { type: 'multiple', answers: choice.answers };
  if ('range' in choice)
    return { type: 'numerical', min: choice.range[0], max: choice.range[1], value: null };
  if ('value' in choice) {
    const tolerance = choice.tolerance ?? 0;
    return {
      type: 'numerical',
      min: choice.value - tolerance,
      max: choice.value + tolerance,
      value: choice.value,
    };
  }
  return { type: 'single', answer: choice.answer };
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
