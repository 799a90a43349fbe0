import { numericValue } from '@ai-tutor/contract';
import { textWithFormat } from './gift-text.js';
import { chooseShortAnswer } from './bank-rules.js';
import type { IssueList, Where } from './types.js';

/** GIFT answer blocks `{…}`: each question type told by its block, read as Moodle reads it. */

const WEIGHT = /^%(-?\d+(?:\.\d+)?)%/;

interface Answer {
  weight: number;
  text: string;
}

/** One answer of a list: its weight (`=` is 100, `%50%` is 50, none is `fallback`) and text. */
function readAnswer(raw: string, fallback: number): Answer {
  let rest = raw.trim();
  let weight = fallback;
  if (rest.startsWith('=')) {
    weight = 100;
    rest = rest.slice(1);
  }
  const w = WEIGHT.exec(rest);
  if (w) {
    weight = Number(w[1]);
    rest = rest.slice(w[0].length);
  }
  const hash = rest.indexOf('#');
  return { weight, text: textWithFormat(hash === -1 ? rest : rest.slice(0, hash)) };
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** An answer block `{…}` and what reading it may do: add the question, skip it, warn, or add an issue. */
export interface AnswerBlock {
  text: string;
  where: Where;
  issues: IssueList;
  skip: (message: string) => void;
  warn: (message: string) => void;
  add: (fields: { options?: string[]; answer: string }) => void;
}

/** One numerical answer: `3.5`, `3.5:0.1` (value:margin) or `1..5` (a range, kept as its middle). */
function numericAnswer(
  block: AnswerBlock,
  a: { text: string; weight: number },
): { value: string; tolerance: number; weight: number } | null {
  const range = a.text.indexOf('..');
  const colon = a.text.indexOf(':');
  if (range > 0) {
    const min = a.text.slice(0, range).trim();
    const max = a.text.slice(range + 2).trim();
    if (!DECIMAL.test(min) || !DECIMAL.test(max)) {
      block.issues.add(block.where, `"${a.text}" is not a numeric range min..max`);
      return null;
    }
    const mid = (Number(min) + Number(max)) / 2;
    return {
      value: String(Number(mid.toPrecision(12))),
      tolerance: Math.abs(Number(max) - mid),
      weight: a.weight,
    };
  }
  if (colon > 0) {
    const value = a.text.slice(0, colon).trim();
    const tol = a.text.slice(colon + 1).trim();
    if (!DECIMAL.test(value) || !DECIMAL.test(tol)) {
      block.issues.add(block.where, `"${a.text}" is not a number with a margin (value:margin)`);
      return null;
    }
    return { value, tolerance: Math.abs(Number(tol)), weight: a.weight };
  }
  if (!DECIMAL.test(a.text) || numericValue(a.text) === null) {
    block.issues.add(block.where, `"${a.text}" is not a number`);
    return null;
  }
  return { value: a.text, tolerance: 0, weight: a.weight };
}

/** Numerical: {#3.5:0.1}, {#1..5}, {#=3.5:0.1 =%50%3:1}; `~` starts feedback for wrong answers. */
function readNumerical(block: AnswerBlock) {
  let body = block.text.slice(1);
  const wrong = body.indexOf('~');
  if (wrong !== -1) body = body.slice(0, wrong);
  const answers = body
    .split('=')
    .map((a) => a.trim())
    .filter(Boolean)
    .map((a) => readAnswer(a, 100));
  if (!answers.length) return block.issues.add(block.where, 'a numerical question without an answer');
  const values: { value: string; tolerance: number; weight: number }[] = [];
  for (const a of answers) {
    const value = numericAnswer(block, a);
    if (!value) return;
    values.push(value);
  }
  const full = values.filter((v) => v.weight === 100);
  const best = full[0];
  if (!best) return block.skip('a numerical question with only partial-credit answers');
  if (best.tolerance > 0)
    block.warn(
      `the margin ±${best.tolerance} is not kept: only answers equal to ${best.value} are marked correct`,
    );
  if (values.length > 1) block.warn(`only the answer ${best.value} is kept; the others are dropped`);
  return block.add({ answer: best.value });
}

/** Multiple choice: `=` right, `~` wrong, `~%50%` partial credit. */
function readMultipleChoice(block: AnswerBlock) {
  const answers = block.text
    .replace(/=/g, '~=')
    .split('~')
    .map((a) => a.trim())
    // `~=right` is written too: Moodle reads it as `=right` (an empty answer is no answer).
    .filter((a) => a !== '')
    .map((a) => readAnswer(a, 0));
  if (answers.length < 2)
    return block.issues.add(block.where, 'a multiple-choice question needs at least two answers');
  const right = answers.filter((a) => a.weight >= 100);
  const partial = answers.filter((a) => a.weight > 0 && a.weight < 100);
  if (right.length === 0 && partial.length === 0)
    return block.issues.add(block.where, 'no answer is marked right: mark the right one with "="');
  if (right.length === 0)
    return block.skip('a multiple-answer question (several right answers with weights)');
  if (right.length > 1) return block.skip('a multiple-choice question with more than one right answer');
  if (partial.length) return block.skip('a multiple-choice question with partial-credit answers');
  return block.add({ options: answers.map((a) => a.text), answer: right[0]!.text });
}

/** Short answer: {=a =b}; every full-credit answer is accepted by Moodle, we keep the first. */
function readShortAnswer(block: AnswerBlock) {
  const answers = block.text
    .split('=')
    .map((a) => a.trim())
    .filter((a, i) => i > 0 || a !== '')
    .map((a) => readAnswer(a, 100));
  if (!answers.length) return block.issues.add(block.where, 'a short-answer question without an answer');
  const chosen = chooseShortAnswer(answers);
  if (!chosen) return block.skip('a short-answer question with only partial-credit answers');
  if ('patterns' in chosen)
    return block.skip(
      `the answer ${chosen.patterns.map((a) => `"${a.text}"`).join(', ')} is a wildcard pattern (* is any text), which cannot be kept as an answer`,
    );
  const { kept, dropped } = chosen;
  if (dropped.length)
    block.warn(
      `only "${kept.text}" is kept as the answer (compared ignoring case and spacing); ${dropped.map((a) => `"${a.text}"`).join(', ')} dropped`,
    );
  block.add({ answer: kept.text });
}

/** The question type is told by its answer block: essay, numerical, choice, matching, true/false, short. */
export function readAnswers(block: AnswerBlock) {
  const answerText = block.text;
  if (answerText === '') return block.skip('an essay question has no answer to check');
  if (answerText.startsWith('#')) return readNumerical(block);
  if (answerText.includes('~')) return readMultipleChoice(block);
  if (answerText.includes('=') && answerText.includes('->'))
    return block.skip('a matching question cannot be served');
  const hash = answerText.indexOf('#');
  const truth = (hash > 0 ? answerText.slice(0, hash) : answerText).trim();
  if (['T', 'TRUE', 'F', 'FALSE'].includes(truth))
    return block.add({ options: ['True', 'False'], answer: truth.startsWith('T') ? 'True' : 'False' });
  return readShortAnswer(block);
}
