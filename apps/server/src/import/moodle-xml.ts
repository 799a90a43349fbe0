import { numericValue } from '@ai-tutor/contract';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeEntities, htmlToText } from './html-text.js';
import {
  checkDuplicateTexts,
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

/** `<questiontext format="html"><text>…</text></questiontext>` → plain text. */
function formatted(node: unknown): string {
  const raw = text(child(node, 'text'));
  const format = text(child(node, '@_format')) || 'html';
  return (format === 'html' ? htmlToText(raw) : decodeEntities(raw)).trim();
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

function categoryTopic(path: string): string | null {
  const parts = path
    .replace(/\/\//g, '\uE010')
    .split('/')
    .map((p) => p.replace(/\uE010/g, '/').trim())
    .filter((p) => p && !/^\$[a-z]+\$$/.test(p) && p !== 'top');
  return parts.at(-1) ?? null;
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

export function parseMoodleXml(source: string, options: ParseOptions): ParsedImport {
  const subject = requireSubject(options, 'Moodle XML');
  const file = options.file;
  if (/<!ENTITY/i.test(source))
    throw new ImportError(file, [{ where: {}, message: 'DTD entity declarations are not accepted' }]);
  const valid = XMLValidator.validate(source);
  if (valid !== true)
    throw new ImportError(file, [
      { where: { line: valid.err.line }, message: `not well-formed XML: ${valid.err.msg}` },
    ]);

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
    const name = text(child(child(element, 'name'), 'text')).trim();
    const offset = offsets[index];
    const where: Where = {
      ...(offset !== undefined ? { line: lineAt(source, offset) } : {}),
      element: `<question type="${type}"> #${index + 1}${name ? ` "${name}"` : ''}`,
    };

    if (type === 'category') {
      const path = text(child(child(element, 'category'), 'text')).trim();
      const topicName = categoryTopic(decodeEntities(path));
      topic = topicName ? { where, slug: null, name: topicName } : null;
      return;
    }
    if (SKIPPED_TYPES[type]) {
      result.skipped.push({ where, message: `${SKIPPED_TYPES[type]} cannot be served` });
      return;
    }
    if (!['multichoice', 'truefalse', 'shortanswer', 'numerical'].includes(type)) {
      result.skipped.push({ where, message: `the question type "${type}" is not supported` });
      return;
    }

    const questionText = formatted(child(element, 'questiontext'));
    const explanation = formatted(child(element, 'generalfeedback')) || null;
    const answers = ((child(element, 'answer') as unknown[] | undefined) ?? []).map((a) => {
      const fraction = Number(text(child(a, '@_fraction')) || '0');
      const format = text(child(a, '@_format'));
      const raw = text(child(a, 'text'));
      return {
        fraction: Number.isFinite(fraction) ? fraction : 0,
        text: (format === 'html' ? htmlToText(raw) : decodeEntities(raw)).trim(),
        tolerance: Number(text(child(a, 'tolerance')) || '0'),
      };
    });
    if (!answers.length) {
      issues.add(where, 'the question has no <answer>');
      return;
    }
    const add = (fields: { options?: string[]; answer: string }) => {
      const q = makeQuestion(issues, where, { text: questionText, explanation, topic, ...fields });
      if (q) questions.push(q);
    };
    const right = answers.filter((a) => a.fraction >= 100);
    const partial = answers.filter((a) => a.fraction > 0 && a.fraction < 100);

    switch (type) {
      case 'multichoice': {
        if (!right.length && !partial.length) {
          issues.add(where, 'no answer has fraction="100": one option must be right');
          return;
        }
        if (!right.length) {
          result.skipped.push({
            where,
            message: 'a multiple-answer question (several right answers with weights)',
          });
          return;
        }
        if (right.length > 1 || partial.length) {
          result.skipped.push({
            where,
            message:
              right.length > 1
                ? 'a multiple-choice question with more than one right answer'
                : 'a multiple-choice question with partial-credit answers',
          });
          return;
        }
        add({ options: answers.map((a) => a.text), answer: right[0]!.text });
        return;
      }
      case 'truefalse': {
        const correct = right[0]?.text.toLowerCase();
        if (correct !== 'true' && correct !== 'false') {
          issues.add(where, 'a true/false question needs the answer "true" or "false" with fraction="100"');
          return;
        }
        add({ options: ['True', 'False'], answer: correct === 'true' ? 'True' : 'False' });
        return;
      }
      case 'shortanswer': {
        const kept = right[0];
        if (!kept) {
          result.skipped.push({ where, message: 'a short-answer question with only partial-credit answers' });
          return;
        }
        const dropped = answers.filter((a) => a !== kept).map((a) => `"${a.text}"`);
        if (dropped.length)
          result.warnings.push({
            where,
            message: `only "${kept.text}" is kept as the answer (compared ignoring case and spacing); ${dropped.join(', ')} dropped`,
          });
        add({ answer: kept.text });
        return;
      }
      case 'numerical': {
        const kept = right.find((a) => a.text !== '*');
        if (!kept) {
          result.skipped.push({ where, message: 'a numerical question with no full-credit number' });
          return;
        }
        if (numericValue(kept.text) === null) {
          issues.add(where, `the answer "${kept.text}" is not a number`);
          return;
        }
        if (Number.isFinite(kept.tolerance) && kept.tolerance !== 0)
          result.warnings.push({
            where,
            message: `the tolerance ±${Math.abs(kept.tolerance)} is not kept: only answers equal to ${kept.text} are marked correct`,
          });
        add({ answer: kept.text });
        return;
      }
    }
  });

  checkDuplicateTexts(issues, questions);
  issues.throwIfAny(file);
  result.banks.push({ where: {}, subjectSlug: subject, questions });
  return result;
}
