import { numericValue, type QuestionKey } from '@ai-tutor/contract';
import { choiceKey, textKey, toleranceKey, type KeyReading } from './keys.js';
import { child, children, text } from './moodle-xml-nodes.js';

/** The question types Moodle XML carries that can be served, each read from its `<answer>`s. */

export interface Answer {
  fraction: number;
  text: string;
  tolerance: number;
}

/** A question's answers and what reading them may do: add, skip, warn, or add an issue. */
export interface AnswerBlock {
  element: unknown;
  answers: Answer[];
  issue: (message: string) => void;
  skip: (message: string) => void;
  warn: (message: string) => void;
  add: (fields: { options?: string[]; key: QuestionKey }) => void;
}

function apply(block: AnswerBlock, reading: KeyReading) {
  if ('issue' in reading) return block.issue(reading.issue);
  if ('skip' in reading) return block.skip(reading.skip);
  for (const warning of reading.warnings) block.warn(warning);
  block.add({ key: reading.key, ...(reading.options ? { options: reading.options } : {}) });
}

const weighted = (answers: Answer[]) => answers.map((a) => ({ text: a.text, weight: a.fraction }));
const yes = (value: string) => ['true', '1', 'yes'].includes(value.trim().toLowerCase());

export const READERS = {
  /** `<single>false</single>`: several right options (every answer with credit); true by default. */
  multichoice(block: AnswerBlock) {
    const single = text(child(block.element, 'single'));
    const reading = choiceKey(weighted(block.answers), single ? yes(single) : true);
    if ('issue' in reading) return block.issue('no answer has a positive fraction: one option must be right');
    apply(block, reading);
  },
  truefalse({ answers, issue, add }: AnswerBlock) {
    const correct = answers.find((a) => a.fraction >= 100)?.text.toLowerCase();
    if (correct !== 'true' && correct !== 'false')
      return issue('a true/false question needs the answer "true" or "false" with fraction="100"');
    add({
      options: ['True', 'False'],
      key: { type: 'single', answer: correct === 'true' ? 'True' : 'False' },
    });
  },
  shortanswer(block: AnswerBlock) {
    if (yes(text(child(block.element, 'usecase'))))
      block.warn('case is not checked: "Paris" and "paris" are both accepted');
    apply(block, textKey(weighted(block.answers).filter((a) => !(a.text === '*' && a.weight < 100))));
  },
  /** value ± tolerance (Moodle's nominal tolerance); a `*` answer is only feedback for the rest. */
  numerical({ element, answers, issue, skip, warn, add }: AnswerBlock) {
    const full = answers.filter((a) => a.fraction >= 100 && a.text !== '*');
    const kept = full[0];
    if (!kept) return skip('a numerical question with no full-credit number');
    const value = numericValue(kept.text);
    if (value === null) return issue(`the answer "${kept.text}" is not a number`);
    if (!Number.isFinite(kept.tolerance)) return issue(`the tolerance of "${kept.text}" is not a number`);
    const others = answers.filter((a) => a !== kept && a.text !== '*').map((a) => `"${a.text}"`);
    if (others.length) warn(`only "${kept.text}" is kept as the key; ${others.join(', ')} dropped`);
    if (children(child(element, 'units'), 'unit').length)
      warn('units are not kept: the learner answers with the number alone');
    add({ key: toleranceKey(value, kept.tolerance) });
  },
};

export type ServedType = keyof typeof READERS;
