import type { QuestionKey } from '@ai-tutor/contract';
import {
  emptyImport,
  IssueList,
  requireSubject,
  type ParsedImport,
  type ParsedQuestion,
  type ParseOptions,
  type TopicRef,
  type Where,
} from './types.js';
import { makeQuestion } from './question-rules.js';
import { finishQuestions, keepFirstOfRepeatedTexts } from './bank-rules.js';
import { categoryTopic } from './category-topic.js';

import { readAnswers } from './gift-answers.js';
import { escapePost, escapePre, giftMedia, textWithFormat } from './gift-text.js';

/**
 * Moodle's GIFT format, read the way Moodle reads it (question/format/gift): questions separated by
 * blank lines, `//` comment lines, `::title::`, `$CATEGORY:` lines, escapes `\~ \= \# \{ \} \: \n \\`,
 * `[html]`-style text formats, `####` general feedback, and the missing-word form. Multiple choice
 * (one right option or several), true/false, short answer and numerical questions are imported;
 * matching, essays and descriptions are reported and skipped.
 */

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
  const media = giftMedia(text);
  const warnMedia = () => {
    for (const item of media)
      result.warnings.push({ where, message: `${item} is not kept: the question is imported without it` });
  };
  const add = (fields: { options?: string[]; answer?: string; key?: QuestionKey }) => {
    const q = makeQuestion(issues, where, { text: questionText, explanation, topic, ...fields });
    if (q) {
      questions.push(q);
      warnMedia();
    }
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

  const kept = keepFirstOfRepeatedTexts(result, questions);
  finishQuestions(issues, result, options);
  result.banks.push({ where: {}, subjectSlug: subject, questions: kept });
  return result;
}
