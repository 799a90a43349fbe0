import assert from 'node:assert/strict';
import type { runLighthouse } from './lighthouse.js';

/** Lighthouse bars of issue 8 (performance is the median of the runs, see runLighthouse). */
export const LIGHTHOUSE_MIN = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;

/** Prints the scores and metrics, and fails naming the audits under 0.9 when a bar is missed. */
export function checkScores(page: string, result: Awaited<ReturnType<typeof runLighthouse>>) {
  console.log(
    `Lighthouse ${page}: ${JSON.stringify(result.scores)} — median of performance ${result.runs.join(', ')} (${result.metrics})`,
  );
  const misses = Object.entries(LIGHTHOUSE_MIN).filter(
    ([category, min]) => result.scores[category as keyof typeof LIGHTHOUSE_MIN] < min,
  );
  assert.deepEqual(misses, [], `${page} misses the bar; audits under 0.9: ${result.failing.join('; ')}`);
}
