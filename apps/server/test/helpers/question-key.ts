import type { QuestionKey, QuestionType } from '@ai-tutor/contract';

/** The columns of a question written straight to the database: one right option, or a typed answer. */
export function keyColumns(
  options: string[],
  answer: string,
): { type: QuestionType; key: QuestionKey; answer: string } {
  return options.length
    ? { type: 'single', key: { type: 'single', answer }, answer }
    : { type: 'text', key: { type: 'text', answers: [answer], wildcard: false }, answer };
}
