import { isAnswered as hasAnswer, NUMERICAL_ANSWER_PATTERN, type Evaluation } from '@ai-tutor/contract';

export type PaletteState = 'not_answered' | 'answered' | 'marked' | 'answered_marked';

const isAnswered = (e: Pick<Evaluation, 'status' | 'userAnswer'>) =>
  e.status === 'answered' && hasAnswer(e.userAnswer);

/** docs/product.md#question-status: answered and marked-for-review are independent; together they give four states. */
export function paletteState(e: Pick<Evaluation, 'status' | 'userAnswer' | 'markedForReview'>): PaletteState {
  const answered = isAnswered(e);
  if (answered && e.markedForReview) return 'answered_marked';
  if (answered) return 'answered';
  if (e.markedForReview) return 'marked';
  return 'not_answered';
}

const STATE_WORDS: Record<PaletteState, string> = {
  not_answered: 'not answered',
  answered: 'answered',
  marked: 'not answered, marked for review',
  answered_marked: 'answered, marked for review',
};

/** The accessible name of a palette button: "Question 3, answered, marked for review, current question". */
export function paletteLabel(number: number, state: PaletteState, current: boolean): string {
  return `Question ${number}, ${STATE_WORDS[state]}${current ? ', current question' : ''}`;
}

export interface QuizCounts {
  total: number;
  answered: number;
  marked: number;
  notAnswered: number;
}

/** Quiz Summary: Answered counts every answered question, Marked for Review every marked one. */
export function quizCounts(
  evaluations: Array<Pick<Evaluation, 'status' | 'userAnswer' | 'markedForReview'>>,
): QuizCounts {
  const answered = evaluations.filter(isAnswered).length;
  return {
    total: evaluations.length,
    answered,
    marked: evaluations.filter((e) => e.markedForReview).length,
    notAnswered: evaluations.length - answered,
  };
}

/** A half-typed number ('-'; '2.' is fine, '.' is not) stays a draft: the server would refuse it. */
export const halfTypedNumber = (e: Pick<Evaluation, 'baseQuestion'>, answer: string | string[]) =>
  e.baseQuestion.questionType === 'numerical' &&
  typeof answer === 'string' &&
  !NUMERICAL_ANSWER_PATTERN.test(answer);
