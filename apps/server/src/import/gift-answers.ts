import { numericValue, type QuestionKey } from '@ai-tutor/contract';
import { textWithFormat } from './gift-text.js';
import { choiceKey, rangeKey, textKey, toleranceKey, type KeyReading } from './keys.js';
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
  add: (fields: { options?: string[]; answer?: string; key?: QuestionKey }) => void;
}

/** What a key reading does to the question: added (with its warnings), skipped, or an error. */
function apply(block: AnswerBlock, reading: KeyReading) {
  if ('issue' in reading) return block.issues.add(block.where, reading.issue);
  if ('skip' in reading) return block.skip(reading.skip);
  for (const warning of reading.warnings) block.warn(warning);
  block.add({ key: reading.key, ...(reading.options ? { options: reading.options } : {}) });
}

/** One numerical answer: `3.5`, `3.5:0.1` (value:margin) or `1..5` (an inclusive range). */
function numericAnswer(block: AnswerBlock, a: { text: string; weight: number }): QuestionKey | null {
  const range = a.text.indexOf('..');
  const colon = a.text.indexOf(':');
  if (range > 0) {
    const min = a.text.slice(0, range).trim();
    const max = a.text.slice(range + 2).trim();
    if (!DECIMAL.test(min) || !DECIMAL.test(max)) {
      block.issues.add(block.where, `"${a.text}" is not a numeric range min..max`);
      return null;
    }
    return rangeKey(Number(min), Number(max));
  }
  if (colon > 0) {
    const value = a.text.slice(0, colon).trim();
    const tol = a.text.slice(colon + 1).trim();
    if (!DECIMAL.test(value) || !DECIMAL.test(tol)) {
      block.issues.add(block.where, `"${a.text}" is not a number with a margin (value:margin)`);
      return null;
    }
    return toleranceKey(Number(value), Number(tol));
  }
  const value = DECIMAL.test(a.text) ? numericValue(a.text) : null;
  if (value === null) {
    block.issues.add(block.where, `"${a.text}" is not a number`);
    return null;
  }
  return toleranceKey(value, 0);
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
  const keys: { key: QuestionKey; answer: Answer }[] = [];
  for (const answer of answers) {
    const key = numericAnswer(block, answer);
    if (!key) return;
    keys.push({ key, answer });
  }
  const full = keys.filter((k) => k.answer.weight >= 100);
  const best = full[0];
  if (!best) return block.skip('a numerical question with only partial-credit answers');
  const others = keys.filter((k) => k !== best).map((k) => `"${k.answer.text}"`);
  if (others.length)
    block.warn(
      `only "${best.answer.text}" is kept as the key; ${others.join(', ')} dropped (partial credit or a second key)`,
    );
  block.add({ key: best.key });
}

/**
 * Multiple choice: `=` right, `~` wrong, `~%50%` a weight. As Moodle reads it, a block with an `=`
 * has one right option; without one, every option with credit is one of several right ones.
 */
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
  const reading = choiceKey(answers, block.text.includes('='));
  if ('issue' in reading)
    return block.issues.add(block.where, 'no answer is marked right: mark the right one with "="');
  apply(block, reading);
}

/** Short answer: {=a =b}; every full-credit answer is accepted, `*` is a wildcard. */
function readShortAnswer(block: AnswerBlock) {
  const answers = block.text
    .split('=')
    .map((a) => a.trim())
    .filter((a, i) => i > 0 || a !== '')
    .map((a) => readAnswer(a, 100));
  if (!answers.length) return block.issues.add(block.where, 'a short-answer question without an answer');
  apply(block, textKey(answers));
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
