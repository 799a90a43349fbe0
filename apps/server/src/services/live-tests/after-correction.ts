import type { DbOrTx } from '../../db/client.js';
import { recountFirstAttempts } from './practice.js';
import { rerankTestsWithQuestion } from './ranking.js';

/**
 * What a key correction changes here, in its transaction: the practice percentile's counts of the
 * rescored first attempts, and the ranking of every ranked live test whose paper has the question.
 */
export async function liveTestsAfterCorrection(
  tx: DbOrTx,
  questionId: string,
  rescoredSessionIds: string[],
): Promise<void> {
  await recountFirstAttempts(tx, rescoredSessionIds);
  await rerankTestsWithQuestion(tx, questionId);
}
