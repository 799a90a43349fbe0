import { keyText, translationProblems, type QuestionKey } from '@ai-tutor/contract';
import type { IssueList, ParsedQuestion, ParsedTranslation, TopicRef, Where } from './types.js';

/** What makes a question storable, whatever its format, and how parsers build one. */

export const MAX_TEXT_LENGTH = 20_000;
export const MAX_ANSWER_LENGTH = 2_000;
export const MAX_OPTIONS = 10;

/**
 * The rules every question keeps, whatever its format: text and answer present, options distinct and
 * non-empty, and — for an option question — the answer is exactly one of the options.
 */
export function questionProblems(
  q: Pick<ParsedQuestion, 'text' | 'options' | 'answer'> & Partial<Pick<ParsedQuestion, 'key'>>,
): string[] {
  const problems: string[] = [];
  if (q.key?.type === 'multiple' || q.key?.type === 'numerical') return keyProblems(q as ParsedQuestion);
  if (!q.text) problems.push('the question text is empty');
  else if (q.text.length > MAX_TEXT_LENGTH)
    problems.push(`the question text is longer than ${MAX_TEXT_LENGTH} characters`);
  if (!q.answer) problems.push('the answer is empty');
  else if (q.answer.length > MAX_ANSWER_LENGTH)
    problems.push(`the answer is longer than ${MAX_ANSWER_LENGTH} characters`);
  if (q.options.length === 0) return problems;
  if (q.options.length === 1) problems.push('a question with options needs at least two of them');
  if (q.options.length > MAX_OPTIONS) problems.push(`a question can have at most ${MAX_OPTIONS} options`);
  if (q.options.some((o) => !o)) problems.push('an option is empty');
  const seen = new Set<string>();
  for (const option of q.options) {
    if (seen.has(option)) problems.push(`the option "${option}" appears twice`);
    seen.add(option);
  }
  if (q.answer && !q.options.includes(q.answer))
    problems.push(`the answer "${q.answer}" is not among the options`);
  return problems;
}

/** The rules of multiple-correct and numerical questions. */
function keyProblems(q: ParsedQuestion): string[] {
  const problems: string[] = [];
  if (!q.text) problems.push('the question text is empty');
  else if (q.text.length > MAX_TEXT_LENGTH)
    problems.push(`the question text is longer than ${MAX_TEXT_LENGTH} characters`);
  if (q.key.type === 'numerical') {
    if (q.options.length) problems.push('a numerical question has no options');
    if (!Number.isFinite(q.key.min) || !Number.isFinite(q.key.max) || q.key.min > q.key.max)
      problems.push('the numerical answer range is not a range of numbers');
    return problems;
  }
  if (q.key.type !== 'multiple') return problems;
  if (q.options.length < 2) problems.push('a question with options needs at least two of them');
  if (q.options.length > MAX_OPTIONS) problems.push(`a question can have at most ${MAX_OPTIONS} options`);
  if (new Set(q.options).size !== q.options.length) problems.push('an option appears twice');
  for (const right of q.key.answers)
    if (!q.options.includes(right)) problems.push(`the answer "${right}" is not among the options`);
  return problems;
}

/** The key a question has when its format only gives one answer: the option, or the typed text. */
function plainKey(options: string[], answer: string): QuestionKey {
  return options.length ? { type: 'single', answer } : { type: 'text', answers: [answer], wildcard: false };
}

/** Builds a question, checking it; problems go to `issues` with the question's place. */
export function makeQuestion(
  issues: IssueList,
  where: Where,
  fields: {
    text: string;
    options?: string[];
    /** The right option or typed answer; for multiple and numerical questions, give `key`. */
    answer?: string;
    key?: QuestionKey;
    passage?: string | null;
    explanation?: string | null;
    hints?: string[];
    topic?: TopicRef | null;
    status?: 'active' | 'draft';
    translations?: ParsedTranslation[];
  },
): ParsedQuestion | null {
  const options = (fields.options ?? []).map((o) => o.trim());
  const key = fields.key ?? plainKey(options, (fields.answer ?? '').trim());
  const question: ParsedQuestion = {
    where,
    type: key.type,
    text: fields.text.trim(),
    options,
    key,
    answer: fields.key ? keyText(key) : (fields.answer ?? '').trim(),
    passage: fields.passage?.trim() || null,
    explanation: fields.explanation?.trim() || null,
    hints: (fields.hints ?? []).map((h) => h.trim()).filter(Boolean),
    topic: fields.topic ?? null,
    status: fields.status ?? null,
    translations: (fields.translations ?? []).map((t) => ({
      lang: t.lang,
      text: t.text.trim(),
      options: t.options.map((o) => o.trim()),
      explanation: t.explanation?.trim() || null,
      hints: t.hints.map((h) => h.trim()).filter(Boolean),
      passage: t.passage?.trim() || null,
    })),
  };
  const problems = [...questionProblems(question), ...translationIssues(question)];
  for (const problem of problems) issues.add(where, problem);
  return problems.length ? null : question;
}

const named = (text: string) => {
  // A figure by its alt text: the address means nothing to the person fixing the file.
  const line = text.replace(/!\[([^\]]*)\]\(media:[0-9a-f]+\)/g, '[figure: $1]').replace(/\s+/g, ' ');
  return `"${line.length > 60 ? `${line.slice(0, 60)}…` : line}"`;
};

/** A translation must fit its question: as many options, the same figures (contract translations.ts). */
function translationIssues(q: ParsedQuestion): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const t of q.translations) {
    if (seen.has(t.lang)) problems.push(`the question ${named(q.text)} has two "${t.lang}" translations`);
    seen.add(t.lang);
    for (const problem of translationProblems(q, t))
      problems.push(`the "${t.lang}" translation of the question ${named(q.text)}: ${problem}`);
  }
  return problems;
}

/** Within one file, a subject cannot hold two questions with the same text. */
export function checkDuplicateTexts(issues: IssueList, questions: ParsedQuestion[]) {
  const first = new Map<string, ParsedQuestion>();
  for (const q of questions) {
    const earlier = first.get(q.text);
    if (earlier) {
      const at = earlier.where.line !== undefined ? ` at line ${earlier.where.line}` : '';
      issues.add(
        q.where,
        `the same text as the question${at}: a subject cannot hold two questions with the same text`,
      );
    } else first.set(q.text, q);
  }
}
