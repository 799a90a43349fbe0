/**
 * Tables in question text (docs/import-format.md#maths-tables-and-lists): Markdown pipe tables and
 * LaTeX `tabular`, read into rows of cell texts. Cells are plain text with maths, rendered by MathText
 * like any other text: no HTML from the bank reaches the page. A table headed 'List-I' (or 'Column I')
 * is a matching list.
 */
export type TextBlock =
  | { kind: 'text'; value: string }
  | { kind: 'table'; head: string[] | null; rows: string[][]; matching: boolean };

const TABULAR = /\\begin\{tabular\}(?:\{(?:[^{}]|\{[^{}]*\})*\})?([\s\S]*?)\\end\{tabular\}/g;
const DELIMITER_ROW = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const BOLD = /^\\textbf\{([^{}]*)\}$/;
const MATCHING = /^(list|column)[\s-]*(i|1)\b/i;

/** Splits a row at `sep`, except inside `$…$` (a `|x|`) or after a backslash (`\|`, `\&`). */
function cells(row: string, sep: string): string[] {
  const out: string[] = [];
  let cell = '';
  let maths = false;
  for (let i = 0; i < row.length; i++) {
    const c = row.charAt(i);
    if (c === '\\' && i + 1 < row.length) {
      const next = row.charAt(i + 1);
      cell += next === sep ? next : c + next;
      i += 1;
    } else if (c === '$') {
      maths = !maths;
      cell += c;
    } else if (c === sep && !maths) {
      out.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  out.push(cell.trim());
  return out;
}

/** `\textbf{List-I}` in a cell is shown bold, through KaTeX (text mode inside maths). */
const cellText = (cell: string) => cell.replace(/\\textbf\{([^{}$]*)\}/g, '$\\textbf{$1}$');

function table(head: string[] | null, rows: string[][]): TextBlock {
  const first = (head ?? rows[0] ?? [])[0] ?? '';
  return {
    kind: 'table',
    head: head && head.map(cellText),
    rows: rows.map((r) => r.map(cellText)),
    matching: MATCHING.test(first.replace(BOLD, '$1')),
  };
}

function tabular(body: string): TextBlock {
  const rows = body
    .replace(/\\(hline|cline\{[^}]*\}|toprule|midrule|bottomrule)/g, '')
    .split(/\\\\/)
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => cells(r, '&'));
  const [first, ...rest] = rows;
  const bold = first && rest.length > 0 && first.every((c) => BOLD.test(c));
  return bold
    ? table(
        first.map((c) => c.replace(BOLD, '$1')),
        rest,
      )
    : table(null, rows);
}

function markdown(text: string, out: TextBlock[]) {
  const lines = text.split('\n');
  let plain: string[] = [];
  const flush = () => {
    if (plain.length) out.push({ kind: 'text', value: plain.join('\n') });
    plain = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim().startsWith('|') && DELIMITER_ROW.test(lines[i + 1] ?? '')) {
      const row = (l: string) => cells(l.trim().replace(/^\||\|$/g, ''), '|');
      const head = row(line);
      const rows: string[][] = [];
      for (i += 2; i < lines.length && lines[i]!.trim().startsWith('|'); i++) rows.push(row(lines[i]!));
      i -= 1;
      flush();
      out.push(table(head, rows));
    } else plain.push(line);
  }
  flush();
}

/** The text's tables and the text between them; text without a table is one text block. */
export function splitTables(text: string): TextBlock[] {
  if (!text.includes('|') && !text.includes('\\begin{tabular}')) return [{ kind: 'text', value: text }];
  const out: TextBlock[] = [];
  let last = 0;
  for (const match of text.matchAll(TABULAR)) {
    if (match.index > last) markdown(text.slice(last, match.index), out);
    out.push(tabular(match[1] ?? ''));
    last = match.index + match[0].length;
  }
  if (last < text.length) markdown(text.slice(last), out);
  return out.filter((b) => b.kind === 'table' || b.value !== '');
}
