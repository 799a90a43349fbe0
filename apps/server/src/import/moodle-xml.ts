import type { QuestionKey } from '@ai-tutor/contract';
import { XMLParser } from 'fast-xml-parser';
import { finishQuestions, keepFirstOfRepeatedTexts } from './bank-rules.js';
import { categoryTopic } from './category-topic.js';
import { mediaIn } from './html-text.js';
import { hasLanguage, inLanguage, languagesIn } from './moodle-xml-languages.js';
import { READERS, type Answer, type AnswerBlock, type ServedType } from './moodle-xml-answers.js';
import { embeddedFiles, imageFigure, withFigures } from './moodle-xml-figures.js';
import { child, children, rawText, text, textIn, type Node } from './moodle-xml-nodes.js';
import { rawElementText, wellFormedProblem } from './xml-checks.js';
import {
  emptyImport,
  ImportError,
  IssueList,
  lineAt,
  requireSubject,
  type ParsedImport,
  type ParsedMedia,
  type ParsedQuestion,
  type ParsedTranslation,
  type ParseOptions,
  type TopicRef,
  type Where,
} from './types.js';
import { makeQuestion } from './question-rules.js';

/**
 * Moodle XML (question/format/xml): `<quiz>` of `<question type="…">`. Imported: multichoice (one
 * right option, or several with `<single>false</single>`), truefalse, shortanswer (every accepted
 * answer, wildcards kept), numerical (value ± tolerance); `generalfeedback` becomes the explanation,
 * embedded images become figures, and `category` questions name the topic of those that follow.
 * Other types are reported and skipped.
 */

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // Texts are read raw: HTML written without CDATA is markup to the parser, and would be lost.
  stopNodes: ['*.text'],
  isArray: (name) => name === 'question' || name === 'answer' || name === 'file',
});

/**
 * A question's texts with their embedded images made figures (kept aside until the question is
 * imported), and what could not be kept of its media, as warnings.
 */
function questionTexts(element: unknown) {
  const answerNodes = children(element, 'answer');
  const owners = [child(element, 'questiontext'), child(element, 'generalfeedback'), ...answerNodes, element];
  const files = embeddedFiles(owners);
  const media = new Map<string, ParsedMedia>();
  const problems = new Map<string, string>();
  const texts = [child(element, 'questiontext'), child(element, 'generalfeedback'), ...answerNodes];
  const raw = new Map<unknown, string>(texts.map((node) => [node, rawText(node)]));
  // Each text's HTML once per language, its images already figures: read for the text, then searched for media.
  const showIn = (lang: string | null) =>
    new Map<unknown, string>(
      texts.map((node) => [node, withFigures(inLanguage(raw.get(node) ?? '', lang), files, media, problems)]),
    );
  const shown = showIn(null);
  const readIn = (html: Map<unknown, string>) => (node: unknown, fallback: string) =>
    textIn(html.get(node) ?? '', text(child(node, '@_format')) || fallback);
  const read = readIn(shown);

  let questionText = read(child(element, 'questiontext'), 'html');
  // Moodle 1.9's <image>/<image_base64> showed one picture below the text.
  const oldImage = text(child(element, 'image')).trim();
  const oldFigure = oldImage
    ? imageFigure(oldImage, text(child(element, 'image_base64')), media, problems)
    : null;
  if (oldFigure) questionText = `${questionText}\n\n${oldFigure}`;

  const explanation = read(child(element, 'generalfeedback'), 'html') || null;
  const type = text(child(element, '@_type'));
  const choices = type === 'multichoice' || type === 'truefalse';
  // Choice answers are HTML unless they say otherwise (Moodle's default); typed answers are plain.
  const answerFormat = choices ? 'moodle_auto_format' : 'plain_text';
  const answers = answerNodes.map((a): Answer => {
    const fraction = Number(text(child(a, '@_fraction')) || '0');
    return {
      fraction: Number.isFinite(fraction) ? fraction : 0,
      text: read(a, answerFormat),
      tolerance: Number(text(child(a, 'tolerance')) || '0'),
    };
  });

  // The other languages' texts, options by the answer they come from (docs/import-format.md).
  const languages = [...new Set(texts.flatMap((node) => languagesIn(raw.get(node) ?? '')))];
  const translations = (options: string[]): ParsedTranslation[] =>
    languages.map((lang) => {
      const readLang = readIn(showIn(lang));
      const feedback = raw.get(child(element, 'generalfeedback')) ?? '';
      return {
        lang,
        text: `${readLang(child(element, 'questiontext'), 'html')}${oldFigure ? `\n\n${oldFigure}` : ''}`,
        options: options.map((option) => {
          const from = answers.findIndex((a) => a.text === option);
          return from < 0 ? option : readLang(answerNodes[from], answerFormat);
        }),
        explanation: hasLanguage(feedback, lang) ? readLang(child(element, 'generalfeedback'), 'html') : null,
        hints: [],
        passage: null,
      };
    });

  const lost = mediaIn([...shown.values()].join('\n'));
  if (oldImage && !oldFigure) lost.push(`an image ${oldImage}`);
  const warnings = [...new Set(lost)].map((item) => {
    const name = item.replace(/^an? \w+ /, '');
    const why = problems.get(name);
    return `${item} is not kept${why ? ` (${why})` : ''}: the question is imported without it`;
  });
  return { questionText, explanation, answers, media, warnings, translations };
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

    const { questionText, explanation, answers, media, warnings, translations } = questionTexts(element);
    if (!answers.length) {
      issues.add(where, 'the question has no <answer>');
      return;
    }
    const block: AnswerBlock = {
      element,
      answers,
      issue: (message) => issues.add(where, message),
      skip: (message) => result.skipped.push({ where, message }),
      warn: (message) => result.warnings.push({ where, message }),
      add: (fields: { options?: string[]; key: QuestionKey }) => {
        const q = makeQuestion(issues, where, {
          text: questionText,
          explanation,
          topic,
          ...fields,
          translations: translations(fields.options ?? []),
        });
        if (!q) return;
        questions.push(q);
        for (const [sha256, figure] of media) result.media.set(sha256, figure);
        for (const message of warnings) result.warnings.push({ where, message });
      },
    };
    READERS[type as ServedType](block);
  });

  const kept = keepFirstOfRepeatedTexts(result, questions);
  finishQuestions(issues, result, options);
  result.banks.push({ where: {}, subjectSlug: subject, questions: kept });
  return result;
}
