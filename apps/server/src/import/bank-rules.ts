import { isDeepStrictEqual } from 'node:util';
import type { IssueList, ParsedImport, ParsedQuestion, ParseOptions, Where } from './types.js';

/**
 * What the question-bank formats (GIFT, Moodle XML, Aiken, CSV) share once their questions are read:
 * repeated texts, and what becomes of questions with errors.
 */

function place(where: Where): string {
  if (where.line !== undefined) return `line ${where.line}`;
  return where.element ?? 'an earlier question';
}

/**
 * Moodle imports a question text twice as two questions (its own GIFT examples repeat several); a
 * subject here holds one question per text, so the first is kept and each repeat is a warning naming
 * both places — never an error that refuses the whole file.
 */
export function keepFirstOfRepeatedTexts(
  result: ParsedImport,
  questions: ParsedQuestion[],
): ParsedQuestion[] {
  const first = new Map<string, ParsedQuestion>();
  const kept: ParsedQuestion[] = [];
  for (const q of questions) {
    const earlier = first.get(q.text);
    if (!earlier) {
      first.set(q.text, q);
      kept.push(q);
      continue;
    }
    // What was said about the repeat itself no longer applies: it is not imported.
    result.warnings = result.warnings.filter((w) => w.where !== q.where);
    const same = isDeepStrictEqual(earlier.key, q.key) && isDeepStrictEqual(earlier.options, q.options);
    result.warnings.push({
      where: q.where,
      message:
        `the same text as the question at ${place(earlier.where)}: only that one is imported` +
        (same ? '' : ' (this repeat has other answers, which are not kept)') +
        ' — a subject holds one question per text',
    });
  }
  return kept;
}

/**
 * The end of reading a file: with errors, the whole file is refused (the default), or — with
 * `--skip-invalid`, as Moodle imports — each question with an error is listed as not imported and
 * the others go ahead. Every parser leaves a question with an error out of its list, so the two agree.
 */
export function finishQuestions(issues: IssueList, result: ParsedImport, options: ParseOptions) {
  if (!options.skipInvalid) return issues.throwIfAny(options.file);
  for (const issue of issues.items)
    result.skipped.push({ where: issue.where, message: `invalid — ${issue.message}` });
}
