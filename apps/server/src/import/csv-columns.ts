import { canonicalLanguage } from '@ai-tutor/contract';

/**
 * CSV column names: ours (`subject, topic, text, option_a … option_j, answer, explanation`) and the
 * names other spreadsheets and question banks use for the same columns (`Question Text`,
 * `Correct Answer`, `Option A`, `Choice 1`, `Feedback`…), compared ignoring case, spaces and
 * punctuation.
 */

export const OPTION_LETTERS = 'ABCDEFGHIJ';
export type Column = 'subject' | 'topic' | 'text' | 'answer' | 'explanation' | `option_${string}`;

const ALIASES: Record<string, Column> = {
  subject: 'subject',
  subject_slug: 'subject',
  topic: 'topic',
  category: 'topic',
  text: 'text',
  question: 'text',
  question_text: 'text',
  questiontext: 'text',
  question_stem: 'text',
  stem: 'text',
  answer: 'answer',
  answers: 'answer',
  correct: 'answer',
  correct_answer: 'answer',
  correct_answers: 'answer',
  correct_option: 'answer',
  correct_options: 'answer',
  correct_choice: 'answer',
  right_answer: 'answer',
  answer_key: 'answer',
  key: 'answer',
  explanation: 'explanation',
  feedback: 'explanation',
  general_feedback: 'explanation',
  solution: 'explanation',
  rationale: 'explanation',
};

/** `Question Text` → `question_text`. */
function normalName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The column a header cell names, or null when it is none of ours. */
export function columnOf(header: string): Column | null {
  const name = normalName(header);
  const known = ALIASES[name];
  if (known) return known;
  // option_a, Option A, choice_b, answer_c, opt_d, option_1 … option_10, or a bare letter a–j.
  const option = /^(?:(?:option|choice|answer|opt)_?)?([a-j]|10|[1-9])$/.exec(name);
  if (!option) return null;
  const which = option[1]!;
  const letter = /^\d+$/.test(which) ? OPTION_LETTERS[Number(which) - 1]!.toLowerCase() : which;
  return `option_${letter}`;
}

/**
 * A column of a question's texts in another language (docs/import-format.md#questions-in-two-languages):
 * our name for the column, then the language tag — `text_hi`, `option_a_hi`, `explanation_hi`,
 * `text_pt_BR` — or null. Only our own names take a language, so another bank's `question_no` stays
 * a column this importer does not read.
 */
export function translatedColumnOf(header: string): { column: Column; lang: string } | null {
  const match = /^(text|explanation|option_?(?:[a-j]|10|[1-9]))_([a-z]{2,3}(?:_[a-z0-9]{2,8})*)$/.exec(
    normalName(header),
  );
  if (!match) return null;
  const lang = canonicalLanguage(match[2]!);
  const column = columnOf(match[1]!);
  return lang && column ? { column, lang } : null;
}

/**
 * Several letters naming the right options (`A,E`, `A, C`, `B;D`, `A & B`), or null when the answer
 * is not such a list.
 */
export function answerLetters(answer: string): string[] | null {
  const parts = answer
    .toUpperCase()
    .split(/\s*(?:[,;&/+]|\band\b)\s*|\s+/)
    .filter(Boolean);
  if (parts.length < 2 || !parts.every((p) => /^[A-J]$/.test(p))) return null;
  return [...new Set(parts)];
}
