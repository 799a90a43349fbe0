import type { QuestionKey } from '@ai-tutor/contract';

/**
 * Keys (contract questions.ts) from Moodle's weighted answers, shared by GIFT and Moodle XML: what
 * each answer list means, what of it cannot be kept (a warning), and what cannot be served at all.
 */

export interface Weighted {
  text: string;
  /** Moodle's grade for the answer, in percent (100 right, 50 half, negative a penalty). */
  weight: number;
}

export type KeyReading =
  { key: QuestionKey; options?: string[]; warnings: string[] } | { skip: string } | { issue: string };

const quoted = (answers: Weighted[]) => answers.map((a) => `"${a.text}"`).join(', ');
const round = (n: number) => Number(n.toPrecision(12));

/** `*` in a short answer is Moodle's wildcard (any text); `\*` is a literal asterisk. */
function hasWildcard(answer: string): boolean {
  return /(^|[^\\])\*/.test(answer);
}

/**
 * A short answer: every full-credit answer is accepted, as in Moodle, with `*` as its wildcard.
 * Partial-credit answers cannot be kept (a warning); a `*` catch-all with no credit is only feedback.
 */
export function textKey(answers: Weighted[]): KeyReading {
  const full = answers.filter((a) => a.weight >= 100);
  if (!full.length) return { skip: 'a short-answer question with only partial-credit answers' };
  const partial = answers.filter((a) => a.weight > 0 && a.weight < 100);
  const wildcard = full.some((a) => hasWildcard(a.text));
  const accepted = full.map((a) => (wildcard ? a.text : a.text.replace(/\\\*/g, '*')));
  return {
    key: { type: 'text', answers: [...new Set(accepted)], wildcard },
    warnings: partial.length ? [`partial credit is not kept: ${quoted(partial)} will be marked wrong`] : [],
  };
}

/** value ± tolerance (tolerance 0: exactly the value). */
export function toleranceKey(value: number, tolerance: number): QuestionKey {
  const t = Math.abs(tolerance);
  return { type: 'numerical', min: round(value - t), max: round(value + t), value };
}

export function rangeKey(min: number, max: number): QuestionKey {
  return { type: 'numerical', min: Math.min(min, max), max: Math.max(min, max), value: null };
}

/**
 * A choice question. `single` says whether the learner picks one option (Moodle XML's <single>; GIFT
 * decides as Moodle's GIFT reader does: one answer at 100 % is one right option, otherwise every
 * answer with credit is one of several right ones). Weights beyond right and wrong are not kept: the
 * exam's marking scheme gives the marks.
 */
export function choiceKey(answers: Weighted[], single: boolean | null): KeyReading {
  const options = answers.map((a) => a.text);
  const right = answers.filter((a) => a.weight >= 100);
  const credited = answers.filter((a) => a.weight > 0);
  if (!credited.length) return { issue: 'no answer is marked right' };
  const oneRight = single ?? right.length === 1;
  if (oneRight) {
    if (right.length === 0)
      return { skip: 'a single-answer question with only partial-credit answers (none is fully right)' };
    if (right.length > 1)
      return {
        skip: `a single-answer question with ${right.length} fully right answers (any one of them): it cannot be kept as one key`,
      };
    const partial = credited.filter((a) => a.weight < 100);
    const penalised = answers.filter((a) => a.weight < 0);
    const warnings: string[] = [];
    if (partial.length) warnings.push(`partial credit is not kept: ${quoted(partial)} will be marked wrong`);
    if (penalised.length)
      warnings.push(
        `the penalties of ${quoted(penalised)} are not kept: the exam's marking scheme gives the marks`,
      );
    return { key: { type: 'single', answer: right[0]!.text }, options, warnings };
  }
  const penalties = answers.filter((a) => a.weight < 0);
  return {
    key: { type: 'multiple', answers: credited.map((a) => a.text) },
    options,
    warnings:
      penalties.length || credited.some((a) => a.weight !== credited[0]!.weight)
        ? ["the answers' weights are not kept: the exam's marking scheme gives the marks"]
        : [],
  };
}
