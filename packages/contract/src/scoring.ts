import { SCORE_CORRECT, SCORE_INCORRECT } from './constants.js';

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const FRACTION = /^([+-]?\d+)\s*\/\s*([+-]?\d+)$/;

/** A numeric reading of an answer ("3.50", "1/2", "-.5"), or null when it is not a number. */
export function numericValue(answer: string): number | null {
  const text = answer.trim().replace(/,/g, '');
  if (NUMBER.test(text)) return Number(text);
  const fraction = FRACTION.exec(text);
  if (fraction) {
    const denominator = Number(fraction[2]);
    return denominator === 0 ? null : Number(fraction[1]) / denominator;
  }
  return null;
}

/** Case, spacing and number format do not make an answer wrong: "3.50" = "3.5", " Paris " = "paris". */
export function normalizeAnswer(answer: string): string {
  const value = numericValue(answer);
  if (value !== null) return String(Number(value.toPrecision(12)));
  return answer.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function answersMatch(userAnswer: string | null | undefined, correctAnswer: string): boolean {
  if (userAnswer === null || userAnswer === undefined || userAnswer.trim() === '') return false;
  return normalizeAnswer(userAnswer) === normalizeAnswer(correctAnswer);
}

/** 4 correct, -1 incorrect, null not attempted (docs/product.md#marking-schemes). */
export function scoreAnswer(userAnswer: string | null | undefined, correctAnswer: string): number | null {
  if (userAnswer === null || userAnswer === undefined || userAnswer.trim() === '') return null;
  return answersMatch(userAnswer, correctAnswer) ? SCORE_CORRECT : SCORE_INCORRECT;
}

export type AnswerStatus = 'Correct' | 'Incorrect' | 'Not Attempted';
export function statusFromScore(score: number | null | undefined): AnswerStatus {
  if (score === null || score === undefined) return 'Not Attempted';
  return score > 0 ? 'Correct' : 'Incorrect';
}
