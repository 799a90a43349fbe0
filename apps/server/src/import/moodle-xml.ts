import { numericValue } from '@ai-tutor/contract';
import { XMLParser } from 'fast-xml-parser';
import { htmlToText, looksLikeHtml, mediaIn } from './html-text.js';
import { chooseShortAnswer } from './bank-rules.js';
import { rawElementText, wellFormedProblem } from './xml-checks.js';
import {
  emptyImport,
  ImportError,
  IssueList,
  lineAt,
  makeQuestion,
  requireSubject,
  type ParsedImport,
  type ParsedQuestion,
  type ParseOptions,
  type TopicRef,
  type Where,
} from './types.js';
import { finishQuestions, keepFirstOfRepeatedTexts } from './bank-rules.js';
import { categoryTopic } from './category-topic.js';

/**
 * Moodle XML (question/format/xml): `<quiz>` of `<question type="…">`. Imported: multichoice with one
 * right answer, truefalse, shortanswer, numerical; `generalfeedback` becomes the explanation and
 * `category` questions name the topic of those that follow. Other types are reported and skipped.
 */

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // Texts are read raw: HTML written without CDATA is markup to the parser, and would be lost.
  stopNodes: ['*.text'],
  isArray: (name) => name === 'question' || name === 'answer',
});

function text(node: unknown): string {
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (node && typeof node === 'object' && '#text' in node) return text((node as Node)['#text']);
  return '';
}

function child(node: unknown, name: string): unknown {
  return node && typeof node === 'object' ? (node as Node)[name] : undefined;
}

/**
 * A text as Moodle shows it in its format: `html` (the default for question texts) and
 * `moodle_auto_format` are HTML (the latter only when it has tags or entities, its line breaks kept);
 * `plain_text` and `markdown` are kept as written.
 */
function textIn(raw: string, format: string): string {
  if (format === 'html') return htmlToText(raw);
  if (format === 'moodle_auto_format' && looksLikeHtml(raw))
    return htmlToText(raw.replace(/\r?\n/g, '<br>'));
  return raw.trim();
}

/** `<questiontext format="html"><text>…</text></questiontext>` → its HTML source. */
function rawText(node: unknown): string {
  return rawElementText(text(child(node, 'text')));
}

function formatted(node: unknown): string {
  return textIn(rawText(node), text(child(node, '@_format')) || 'html');
}

/**
 * The images and sounds a question shows (in its text, options or explanation; Moodle 1.9's
 * `<image>` too): not kept, so each is named in a warning.
 */
function mediaOf(element: unknown): string[] {
  const html = [
    rawText(child(element, 'questiontext')),
    rawText(child(element, 'generalfeedback')),
    ...((child(element, 'answer') as unknown[] | undefined) ?? []).map(rawText),
  ].join('\n');
  const old = text(child(element, 'image')).trim();
  return [...new Set([...mediaIn(html), ...(old ? [`an image ${old}`] : [])])];
}

/** Offsets of the `<question` start tags, outside comments and CDATA, in document order. */
function questionOffsets(source: string): number[] {
  const offsets: number[] = [];
  const pattern = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<question[\s>/]/g;
  for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
    if (m[0].startsWith('<question')) offsets.push(m.index);
  }
  return offsets;
}

const SKIPPED_TYPES: Record<string, string> = {
  matching: 'a matching question',
  essay: 'an essay question (no answer to check)',
  description: 'a description (not a question)',
  multianswer: 'an embedded-answers (cloze) question',
  calculated: 'a calculated question',
  calculatedsimple: 'a calculated question',
  calculatedmulti: 'a calculated question',
  randomsamatch: 'a random short-answer matching question',
  ddwtos: 'a drag-and-drop question',
  ddimageortext: 'a drag-and-drop question',
  ddmarker: 'a drag-and-drop question',
  gapselect: 'a select-missing-words question',
  ordering: 'an ordering question',
  random: 'a random question',
};

interface Answer {
  fraction: number;
  text: string;
  tolerance: number;
}

/** A question's <answer> elements and what reading them may do: add, skip, warn, or add an issue. */
interface AnswerBlock {
  answers: Answer[];
  /** fraction="100" */
  right: Answer[];
  partial: Answer[];
  issue: (message: string) => void;
  skip: (message: string) => void;
  warn: (message: string) => void;
  add: (fields: { options?: string[]; answer: string }) => void;
}

/**
 * A question element's <answer>s: fraction, text and tolerance. Choice answers are HTML unless they
 * say otherwise (Moodle's default); short and numerical answers are plain.
 */
function answersOf(element: unknown, choices: boolean): Answer[] {
  return ((child(element, 'answer') as unknown[] | undefined) ?? []).map((a): Answer => {
    const fraction = Number(text(child(a, '@_fraction')) || '0');
    const format = text(child(a, '@_format')) || (choices ? 'moodle_auto_format' : 'plain_text');
    return {
      fraction: Number.isFinite(fraction) ? fraction : 0,
      text: textIn(rawText(a), format),
      tolerance: Number(text(child(a, 'tolerance')) || '0'),
    };
  });
}

/** The question types served, each read by its answers. */
const READERS = {
  multichoice({ answers, right, partial, issue, skip, add }: AnswerBlock) {
    if (!right.length && !partial.length)
      return issue('no answer has fraction="100": one option must be right');
    if (!right.length) return skip('a multiple-answer question (several right answers with weights)');
    if (right.length > 1) return skip('a multiple-choice question with more than one right answer');
    if (partial.length) return skip('a multiple-choice question with partial-credit answers');
    add({ options: answers.map((a) => a.text), answer: right[0]!.text });
  },
  truefalse({ right, issue, add }: AnswerBlock) {
    const correct = right[0]?.text.toLowerCase();
    if (correct !== 'true' && correct !== 'false')
      return issue('a true/false question needs the answer "true" or "false" with fraction="100"');
    add({ options: ['True', 'False'], answer: correct === 'true' ? 'True' : 'False' });
  },
  shortanswer({ answers, skip, warn, add }: AnswerBlock) {
    const chosen = chooseShortAnswer(answers.map((a) => ({ ...a, weight: a.fraction })));
    if (!chosen) return skip('a short-answer question with only partial-credit answers');
    if ('patterns' in chosen)
      return skip(
        `the answer ${chosen.patterns.map((a) => `"${a.text}"`).join(', ')} is a wildcard pattern (* is any text), which cannot be kept as an answer`,
      );
    const { kept, dropped } = chosen;
    if (dropped.length)
      warn(
        `only "${kept.text}" is kept as the answer (compared ignoring case and spacing); ${dropped.map((a) => `"${a.text}"`).join(', ')} dropped`,
      );
    add({ answer: kept.text });
  },
  numerical({ right, issue, skip, warn, add }: AnswerBlock) {
    const kept = right.find((a) => a.text !== '*');
    if (!kept) return skip('a numerical question with no full-credit number');
    if (numericValue(kept.text) === null) return issue(`the answer "${kept.text}" is not a number`);
    if (Number.isFinite(kept.tolerance) && kept.tolerance !== 0)
      warn(
        `the tolerance ±${Math.abs(kept.tolerance)} is not kept: only answers equal to ${kept.text} are marked correct`,
      );
    add({ answer: kept.text });
  },
};

export function parseMoodleXml(source: string, options: ParseOptions): ParsedImport {
  const subject = requireSubject(options, 'Moodle XML');
  const file = options.file;
  if (/<!ENTITY/i.test(source))
    throw new ImportError(file, [{ where: {}, message: 'DTD entity declarations are not accepted' }]);
  const problem = wellFormedProblem(source);
  if (problem) throw new ImportError(file, [problem]);

  const doc = parser.parse(source) as Node;
  const quiz = doc.quiz;
  if (!quiz || typeof quiz !== 'object')
    throw new ImportError(file, [
      { where: { line: 1 }, message: 'a Moodle XML file has a <quiz> root element' },
    ]);
  const elements = ((quiz as Node).question as unknown[] | undefined) ?? [];
  const offsets = questionOffsets(source);

  const issues = new IssueList();
  const result = emptyImport('moodle-xml');
  const questions: ParsedQuestion[] = [];
  let topic: TopicRef | null = null;

  elements.forEach((element, index) => {
    const type = text(child(element, '@_type')) || '(no type)';
    const name = rawText(child(element, 'name')).trim();
    const offset = offsets[index];
    const where: Where = {
      ...(offset !== undefined ? { line: lineAt(source, offset) } : {}),
      element: `<question type="${type}"> #${index + 1}${name ? ` "${name}"` : ''}`,
    };

    if (type === 'category') {
      const path = text(child(child(element, 'category'), 'text')).trim();
      const topicName = categoryTopic(rawElementText(path));
      topic = topicName ? { where, slug: null, name: topicName } : null;
      return;
    }
    if (SKIPPED_TYPES[type]) {
      result.skipped.push({ where, message: `${SKIPPED_TYPES[type]} cannot be served` });
      return;
    }
    if (!Object.hasOwn(READERS, type)) {
      result.skipped.push({ where, message: `the question type "${type}" is not supported` });
      return;
    }

    const questionText = formatted(child(element, 'questiontext'));
    const explanation = formatted(child(element, 'generalfeedback')) || null;
    const answers = answersOf(element, type === 'multichoice' || type === 'truefalse');
    if (!answers.length) {
      issues.add(where, 'the question has no <answer>');
      return;
    }
    const block: AnswerBlock = {
      answers,
      right: answers.filter((a) => a.fraction >= 100),
      partial: answers.filter((a) => a.fraction > 0 && a.fraction < 100),
      issue: (message) => issues.add(where, message),
      skip: (message) => result.skipped.push({ where, message }),
      warn: (message) => result.warnings.push({ where, message }),
      add: (fields) => {
        const q = makeQuestion(issues, where, { text: questionText, explanation, topic, ...fields });
        if (!q) return;
        questions.push(q);
        for (const item of mediaOf(element))
          result.warnings.push({ where, message: `${item} is not kept: the question is imported without it` });
      },
    };
    READERS[type as keyof typeof READERS](block);
  });

  const kept = keepFirstOfRepeatedTexts(result, questions);
  finishQuestions(issues, result, options);
  result.banks.push({ where: {}, subjectSlug: subject, questions: kept });
  return result;
}
