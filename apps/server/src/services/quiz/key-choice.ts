import type { KeyCorrectionBody, QuestionKey } from '@ai-tutor/contract';

/** A key correction's new key from the console's or the CLI's choice (key-corrections.ts checks it). */

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
