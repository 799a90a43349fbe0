/**
 * Questions as real papers have them (docs/product.md#question-types). A question's `type` tells how it is answered;
 * its `key` (never sent before a session is completed) tells what is right.
 */
export const QUESTION_TYPES = ['single', 'multiple', 'numerical', 'text'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** A question's place in the bank's workflow: only `approved` is drawn (docs/question-bank.md#workflow). */
export const QUESTION_STATUSES = ['draft', 'review', 'approved', 'retired'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/**
 * The key of a question, by type:
 * - single: the text of the right option;
 * - multiple: the texts of the right options (one or more);
 * - numerical: an inclusive range; `value` is the stated answer when the key is "value ± tolerance"
 *   (min = value − tolerance, max = value + tolerance), null when the paper gives a range;
 * - text: accepted answers, compared after normalising case, spacing and numbers; with `wildcard`,
 *   `*` in an accepted answer stands for any text (Moodle's short answer).
 */
// Plain types, no zod here: the web app imports this module's functions, and a schema built at module
// level would bring zod (24 kB gzip) into every screen that does (the request schemas are in quiz.ts).
export type QuestionKey =
  | { type: 'single'; answer: string }
  | { type: 'multiple'; answers: string[] }
  | { type: 'numerical'; min: number; max: number; value: number | null }
  | { type: 'text'; answers: string[]; wildcard: boolean };

/**
 * What a learner's answer is: a string for single, numerical and text, an array of option texts for
 * multiple. null: not answered.
 */
export type AnswerValue = string | string[] | null;

/** A number as a learner types it on the CBT keypad: digits, one '.', an optional leading '-'. */
export const NUMERICAL_ANSWER_PATTERN = /^-?(\d+(\.\d*)?|\.\d+)$/;
/** The same rule for PostgreSQL's `~` (the save statement checks it): kept beside its JS twin. */
export const NUMERICAL_ANSWER_SQL_PATTERN = '^-?([0-9]+([.][0-9]*)?|[.][0-9]+)$';

const trimNumber = (n: number) => String(Number(n.toPrecision(12)));
const decimals = (n: number) => trimNumber(n).split('.')[1]?.length ?? 0;

/**
 * A numerical key's tolerance, computed back from its bounds and rounded to the key's own decimals:
 * 130 with bounds 129.99 and 130.01 is "± 0.01", not the float noise "± 0.00999999999999".
 */
export function keyTolerance(key: { min: number; max: number; value: number }): number {
  const places = Math.min(12, Math.max(decimals(key.value), decimals(key.min), decimals(key.max)));
  return Number(Math.max(key.value - key.min, key.max - key.value).toFixed(places));
}

/** The key as the result shows it: "B", "A; C", "2.5 ± 0.1", "2 to 3", "Paris". */
export function keyText(key: QuestionKey): string {
  switch (key.type) {
    case 'single':
      return key.answer;
    case 'multiple':
      return key.answers.join('; ');
    case 'numerical':
      if (key.value !== null) {
        const tolerance = keyTolerance({ ...key, value: key.value });
        return tolerance > 0 ? `${trimNumber(key.value)} ± ${trimNumber(tolerance)}` : trimNumber(key.value);
      }
      return key.min === key.max ? trimNumber(key.min) : `${trimNumber(key.min)} to ${trimNumber(key.max)}`;
    case 'text':
      return key.answers[0] ?? '';
  }
}

/** An answer as one line of text (records, AI prompts, the result table). */
export function answerText(answer: AnswerValue): string | null {
  if (answer === null) return null;
  return Array.isArray(answer) ? answer.join('; ') : answer;
}

/** Whether an answer is given at all: a blank string and an empty choice are "not answered". */
export function isAnswered(answer: AnswerValue | undefined): answer is string | string[] {
  if (answer === null || answer === undefined) return false;
  return Array.isArray(answer) ? answer.length > 0 : answer.trim() !== '';
}
