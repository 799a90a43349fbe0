import type { ParsedImport, ParsedQuestion } from './types.js';

/**
 * What a real paper's text often carries that would show as source on screen, warned per question
 * (docs/import-format.md#maths-tables-and-lists): an unbalanced `$`, a LaTeX environment outside maths
 * (a `tabular` is a table, not a warning), and an option that still holds the next option's `(C)`
 * marker (the file's options were split in the wrong place). The question is imported as written.
 */

const LETTERS = 'ABCDEFGHIJ';
/** `$$…$$`, `\[…\]`, `\(…\)`, `$…$`: what is left after them is text. */
const MATHS = /\$\$[\s\S]*?\$\$|\\\[[\s\S]*?\\\]|\\\([\s\S]*?\\\)|\$[^$]*\$/g;
const TEXT_ENVIRONMENTS = new Set(['tabular']);

function unbalancedDollar(text: string): boolean {
  const plain = text.replace(/\\\$/g, '');
  const doubles = plain.match(/\$\$/g)?.length ?? 0;
  const singles = plain.replace(/\$\$/g, '').match(/\$/g)?.length ?? 0;
  return doubles % 2 === 1 || singles % 2 === 1;
}

function environmentsOutsideMaths(text: string): string[] {
  const outside = text.replace(/\\\$/g, '').replace(MATHS, ' ');
  const names = [...outside.matchAll(/\\begin\{([a-zA-Z*]+)\}/g)].map((m) => m[1]!);
  return [...new Set(names.filter((name) => !TEXT_ENVIRONMENTS.has(name)))];
}

/** `(A)-(III), (B)-(I)`: a 'match the lists' option names list items, not options. */
const MATCHING = /\([A-J]\)\s*(?:-|–|→|->|:)\s*\(?[IVXivx0-9PQRSTpqrst]/;

function strayMarkers(options: string[]): Array<{ at: number; marker: string }> {
  const found: Array<{ at: number; marker: string }> = [];
  options.forEach((option, at) => {
    if (MATCHING.test(option)) return;
    for (const match of option.matchAll(/(?:^|\s)\(([A-J])\)\s/g)) {
      const index = LETTERS.indexOf(match[1]!);
      if (index !== at && index < options.length) found.push({ at, marker: `(${match[1]})` });
    }
  });
  return found;
}

export function textWarnings(q: Pick<ParsedQuestion, 'text' | 'options' | 'explanation'>): string[] {
  const fields: Array<[string, string]> = [
    ['the text', q.text],
    ...q.options.map((o, i): [string, string] => [`option ${LETTERS[i] ?? i + 1}`, o]),
    ...(q.explanation ? [['the explanation', q.explanation] as [string, string]] : []),
  ];
  const warnings: string[] = [];
  for (const [field, text] of fields) {
    if (unbalancedDollar(text))
      warnings.push(
        `${field} has an unbalanced $: its maths shows as source (write a literal dollar as \\$)`,
      );
    for (const name of environmentsOutsideMaths(text))
      warnings.push(`${field} has \\begin{${name}} outside $…$: it shows as source (put it inside $$…$$)`);
  }
  for (const { at, marker } of strayMarkers(q.options))
    warnings.push(
      `option ${LETTERS[at]} holds the marker ${marker}: were two options read as one? (learners see it as written)`,
    );
  return warnings;
}

/** Adds each question's text warnings to the import's, in file order. */
export function addTextWarnings(parsed: ParsedImport): void {
  const questions = [
    ...parsed.exams.flatMap((e) => e.modules.flatMap((m) => m.subjects.flatMap((s) => s.questions))),
    ...parsed.banks.flatMap((b) => b.questions),
  ];
  for (const q of questions)
    for (const message of textWarnings(q)) parsed.warnings.push({ where: q.where, message });
}
