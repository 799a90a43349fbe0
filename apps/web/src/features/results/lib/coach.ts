import type { CoachTopic } from '@ai-tutor/contract';

/**
 * The negative-marking coach's arithmetic as a learner can check it on paper (docs/product.md#result-screen): the
 * server sends the figures (coach on the result), this writes them out.
 */

const round2 = (n: number) => Math.round(n * 100) / 100;
/** One decimal at most: 4, 2.5 — marks read as marks. */
const marks = (n: number) => String(Math.round(Math.abs(n) * 10) / 10);
const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n).toFixed(2)}`;

/**
 * `p × right − (1 − p) × |wrong| = ±E` ("0.62 × 4 − 0.38 × 1 = +2.10"), with p as the server rounded
 * it; E from the figures shown, so the line adds up.
 */
export function expectedValueFormula(p: number, marksRight: number, marksWrong: number): string {
  const right = round2(p);
  const wrong = round2(1 - right);
  const value = round2(right * marksRight + wrong * marksWrong);
  return `${right.toFixed(2)} × ${marks(marksRight)} − ${wrong.toFixed(2)} × ${marks(marksWrong)} = ${signed(value)}`;
}

/** "+4/−1": a question's marks as exam papers print them. */
export const schemeShort = (marksRight: number, marksWrong: number) =>
  `+${marks(marksRight)}/−${marks(marksWrong)}`;

/** The advice in words, with why. */
export function adviceText(topic: CoachTopic, minAnswers: number): string {
  if (topic.advice === 'attempt') {
    return topic.marksWrong === 0
      ? 'Attempt: a wrong answer costs nothing here'
      : 'Attempt: at your accuracy an answer gains marks on average';
  }
  if (topic.advice === 'skip') return 'Skip unless sure: at your accuracy an answer loses marks on average';
  return `Not enough answers yet to advise (${topic.historyAnswers} of ${minAnswers})`;
}
