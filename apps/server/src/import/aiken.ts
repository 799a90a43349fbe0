import {
  emptyImport,
  IssueList,
  requireSubject,
  type ParsedImport,
  type ParsedQuestion,
  type ParseOptions,
} from './types.js';
import { makeQuestion } from './question-rules.js';
import { finishQuestions, keepFirstOfRepeatedTexts } from './bank-rules.js';

/**
 * Aiken (Moodle's simplest format): the question text, options `A. …` or `A) …` (Moodle takes
 * `A)text` without the space too), then `ANSWER: B`. Blank lines between questions are optional.
 * Text is plain: `<b>` or `&amp;` are kept as written, as Moodle shows them.
 */
const OPTION = /^([A-Z])[.)]\s*(\S.*)$/;
const ANSWER = /^ANSWER\s*:\s*(.*)$/;

interface Draft {
  line: number;
  text: string[];
  options: { letter: string; text: string; line: number }[];
}

/** The question a draft makes once its ANSWER line names one of its options; issues otherwise. */
function finishQuestion(
  issues: IssueList,
  current: Draft,
  letter: string,
  line: number,
): ParsedQuestion | null {
  if (!/^[A-Z]$/.test(letter)) {
    issues.add({ line }, `"ANSWER: ${letter}" must name one option letter, e.g. "ANSWER: B"`);
    return null;
  }
  if (current.options.length < 2) {
    issues.add({ line: current.line }, 'a question needs at least two options (A. …, B. …)');
    return null;
  }
  const chosen = current.options.find((o) => o.letter === letter);
  if (!chosen) {
    const letters = current.options.map((o) => o.letter).join(', ');
    issues.add({ line }, `the answer ${letter} is not among the options (${letters})`);
    return null;
  }
  return makeQuestion(
    issues,
    { line: current.line },
    {
      text: current.text.join('\n'),
      options: current.options.map((o) => o.text),
      answer: chosen.text,
    },
  );
}

export function parseAiken(source: string, options: ParseOptions): ParsedImport {
  const subject = requireSubject(options, 'Aiken');
  const issues = new IssueList();
  const result = emptyImport('aiken');
  const questions: ParsedQuestion[] = [];
  let draft: Draft | null = null;
  /** After an error inside a question, lines up to its ANSWER line are not reported again. */
  let broken = false;

  source
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((raw, i) => {
      const line = i + 1;
      const text = raw.trim();
      if (!text) return;
      const answer = ANSWER.exec(text);
      const option = OPTION.exec(text);

      if (answer) {
        if (!draft) {
          if (!broken) issues.add({ line }, 'an ANSWER line without a question before it');
          broken = false;
          return;
        }
        const current: Draft = draft;
        draft = null;
        if (broken) {
          broken = false;
          return;
        }
        const q = finishQuestion(issues, current, (answer[1] ?? '').trim(), line);
        if (q) questions.push(q);
        return;
      }

      if (broken) return;
      if (option && draft && draft.text.length) {
        const [, letter = '', optionText = ''] = option;
        if (draft.options.some((o) => o.letter === letter)) {
          issues.add({ line }, `the option letter ${letter} appears twice`);
          broken = true;
          return;
        }
        draft.options.push({ letter, text: optionText, line });
        return;
      }
      if (draft && draft.options.length) {
        // As Moodle reads it: the unfinished question is an error, and this line starts the next.
        issues.add(
          { line: draft.line },
          `the question has no ANSWER line: another question starts at line ${line}`,
        );
        draft = { line, text: [text], options: [] };
        return;
      }
      if (option && !draft) {
        issues.add({ line }, 'an option with no question text before it');
        broken = true;
        return;
      }
      if (draft) draft.text.push(text);
      else draft = { line, text: [text], options: [] };
    });

  const unfinished = draft as Draft | null;
  if (unfinished && !broken) issues.add({ line: unfinished.line }, 'the question has no "ANSWER: X" line');
  const kept = keepFirstOfRepeatedTexts(result, questions);
  finishQuestions(issues, result, options);
  result.banks.push({ where: {}, subjectSlug: subject, questions: kept });
  return result;
}
