import { numericValue } from '@ai-tutor/contract';
import { htmlToText } from './html-text.js';
import {
  checkDuplicateTexts,
  emptyImport,
  IssueList,
  makeQuestion,
  requireSubject,
  type ParsedImport,
  type ParsedQuestion,
  type ParseOptions,
  type TopicRef,
  type Where,
} from './types.js';

/**
 * Moodle's GIFT format, read the way Moodle reads it (question/format/gift): questions separated by
 * blank lines, `//` comment lines, `::title::`, `$CATEGORY:` lines, escapes `\~ \= \# \{ \} \: \n \\`,
 * `[html]`-style text formats, `####` general feedback, and the missing-word form. Multiple choice
 * with one right answer, true/false, short answer and numerical questions are imported; matching,
 * essays, descriptions and multiple-right or partial-credit questions are reported and skipped.
 */

// Escaped characters are swapped for private-use placeholders while the structure is parsed.
const ESCAPES: [string, string, string][] = [
  ['\\:', '\uE001', ':'],
  ['\\#', '\uE002', '#'],
  ['\\=', '\uE003', '='],
  ['\\{', '\uE004', '{'],
  ['\\}', '\uE005', '}'],
  ['\\~', '\uE006', '~'],
  ['\\n', '\uE007', '\n'],
];
const BACKSLASH = '\uE000';

function escapePre(text: string): string {
  let out = text.split('\\\\').join(BACKSLASH);
  for (const [escaped, placeholder] of ESCAPES) out = out.split(escaped).join(placeholder);
  return out.split(BACKSLASH).join('\\');
}

function escapePost(text: string): string {
  let out = text;
  for (const [, placeholder, char] of ESCAPES) out = out.split(placeholder).join(char);
  return out;
}

/** `[html]`, `[moodle]`, `[plain]`, `[markdown]` before a text; html becomes plain text. */
function textWithFormat(raw: string): string {
  let text = raw.trim();
  let html = false;
  const format = /^\[(html|moodle|plain|markdown)\]/.exec(text);
  if (format) {
    html = format[1] === 'html';
    text = text.slice(format[0].length);
  }
  text = escapePost(text).trim();
  return html ? htmlToText(text) : text;
}

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

/** `$course$/top/Physics/Kinematics` → `Kinematics` (Moodle writes a `/` inside a name as `//`). */
function categoryTopic(path: string): string | null {
  const parts = path
    .replace(/\/\//g, '\uE010')
    .split('/')
    .map((p) => p.replace(/\uE010/g, '/').trim())
    .filter((p) => p && !/^\$[a-z]+\$$/.test(p) && p !== 'top');
  return parts.at(-1) ?? null;
}

/** An answer block `{…}` and what reading it may do: add the question, skip it, warn, or add an issue. */
interface AnswerBlock {
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
    .filter((a, i) => i > 0 || a !== '')
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
  const full = answers.filter((a) => a.weight >= 100);
  if (!full.length) return block.skip('a short-answer question with only partial-credit answers');
  const kept = full[0]!.text;
  const dropped = answers.filter((a) => a !== full[0]).map((a) => `"${a.text}"`);
  if (dropped.length)
    block.warn(
      `only "${kept}" is kept as the answer (compared ignoring case and spacing); ${dropped.join(', ')} dropped`,
    );
  block.add({ answer: kept });
}

/** The question type is told by its answer block: essay, numerical, choice, matching, true/false, short. */
function readAnswers(block: AnswerBlock) {
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

/** What reading the file collects, and the topic of the last $CATEGORY line. */
interface GiftFile {
  issues: IssueList;
  result: ParsedImport;
  questions: ParsedQuestion[];
  topic: TopicRef | null;
}

/** One question: an optional ::title::, the text, and one answer block {…}. */
function readQuestion(file: GiftFile, startLine: number, raw: string) {
  const { issues, result, questions, topic } = file;
  let text = escapePre(raw).trim();
  let base = startLine;
  const newlines = (part: string) => part.match(/\n/g)?.length ?? 0;
  const lineOf = (offset: number) => base + newlines(text.slice(0, offset));
  const where: Where = { line: startLine };

  if (text.startsWith('::')) {
    const end = text.indexOf('::', 2);
    const rest = end === -1 ? text.slice(2) : text.slice(end + 2);
    base +=
      newlines(text.slice(0, text.length - rest.length)) +
      newlines(rest.slice(0, rest.length - rest.trimStart().length));
    text = rest.trim();
  }

  const open = text.indexOf('{');
  const close = text.indexOf('}', open === -1 ? 0 : open);
  if (open === -1 && text.indexOf('}') === -1) {
    result.skipped.push({ where, message: 'a description (no answer block {…}) is not a question' });
    return;
  }
  if (open === -1 || close === -1) {
    const at = open === -1 ? text.indexOf('}') : open;
    issues.add(
      { line: lineOf(at) },
      open === -1
        ? 'a "}" without its "{" (write a literal brace as \\})'
        : 'the answer block "{" is never closed with "}"',
    );
    return;
  }
  if (text.indexOf('{', close) !== -1) {
    issues.add(
      { line: lineOf(text.indexOf('{', close)) },
      'a second answer block "{…}": a question has one (write literal braces as \\{ \\}, e.g. in LaTeX)',
    );
    return;
  }

  // Answers before the end of the text: the missing-word form, with a blank where they stood.
  const after = text.slice(close + 1);
  const questionText = textWithFormat(
    after.trim() ? `${text.slice(0, open)}_____${after}` : text.slice(0, open),
  );
  let answerText = text.slice(open + 1, close).trim();
  let explanation: string | null = null;
  const feedback = answerText.lastIndexOf('####');
  if (feedback !== -1) {
    explanation = textWithFormat(answerText.slice(feedback + 4)) || null;
    answerText = answerText.slice(0, feedback).trim();
  }
  const answerWhere: Where = { line: lineOf(open) };
  const add = (fields: { options?: string[]; answer: string }) => {
    const q = makeQuestion(issues, where, { text: questionText, explanation, topic, ...fields });
    if (q) questions.push(q);
  };
  const skip = (message: string) => result.skipped.push({ where, message });

  readAnswers({
    text: answerText,
    where: answerWhere,
    issues,
    skip,
    warn: (message) => result.warnings.push({ where, message }),
    add,
  });
}

export function parseGift(source: string, options: ParseOptions): ParsedImport {
  const subject = requireSubject(options, 'GIFT');
  const file: GiftFile = { issues: new IssueList(), result: emptyImport('gift'), questions: [], topic: null };
  const { issues, result, questions } = file;

  const lines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let block: { line: number; text: string }[] = [];

  const flush = () => {
    // Comment lines do not end a question (Moodle blanks them); only truly blank lines do.
    const content = block.filter((l) => !l.text.trim().startsWith('//'));
    block = [];
    if (!content.length) return;
    let first = content[0]!;
    if (/^\s*\$CATEGORY:/.test(first.text)) {
      const name = categoryTopic(escapePost(escapePre(first.text.replace(/^\s*\$CATEGORY:/, ''))));
      file.topic = name ? { where: { line: first.line }, slug: null, name } : null;
      content.shift();
      if (!content.length) return;
      first = content[0]!;
    }
    readQuestion(file, first.line, content.map((l) => l.text).join('\n'));
  };

  lines.forEach((text, i) => {
    if (text.trim() === '') flush();
    else block.push({ line: i + 1, text });
  });
  flush();

  checkDuplicateTexts(issues, questions);
  issues.throwIfAny(options.file);
  result.banks.push({ where: {}, subjectSlug: subject, questions });
  return result;
}
