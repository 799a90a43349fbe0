import type { ScoreBucket } from '@ai-tutor/contract';

/** NTA's two decimals, truncated as the server's `percentileText` is ("99.87", never a rounded 100.00). */
export const percentileTwoDecimals = (percentile: number) =>
  (Math.floor(percentile * 100 + 1e-9) / 100).toFixed(2);

/** "12.5" marks: a bucket edge without trailing zeros. */
const marks = (value: number) => String(Math.round(value * 100) / 100);

/** "40–50 marks": the last bucket includes its upper edge, the others do not (the contract's rule). */
export function bucketLabel(bucket: ScoreBucket, last: boolean): string {
  return last
    ? `${marks(bucket.from)}–${marks(bucket.to)} marks`
    : `${marks(bucket.from)} to under ${marks(bucket.to)} marks`;
}

/** "1 min 05 s per question" / "45 s per question". */
export function secondsPerQuestion(seconds: number): string {
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  return `${Math.floor(total / 60)} min ${String(total % 60).padStart(2, '0')} s`;
}

/** "62.5%": accuracy to one decimal. */
export const accuracy = (percent: number) => `${Math.round(percent * 10) / 10}%`;
