/**
 * Where maths is in a text: the web app renders these runs with KaTeX (MathText) and the server checks
 * an edited question's formulas with the same split before saving (docs/question-bank.md#editing).
 */
export type MathSegment = { kind: 'text'; value: string } | { kind: 'math'; value: string; display: boolean };

const DELIMITERS: ReadonlyArray<{ open: string; close: string; display: boolean }> = [
  { open: '$$', close: '$$', display: true },
  { open: '\\[', close: '\\]', display: true },
  { open: '\\(', close: '\\)', display: false },
  { open: '$', close: '$', display: false },
];

/** `$5 and $10` is money, not maths: inline `$…$` must hug its content and not be followed by a digit. */
function inlineDollarCloses(text: string, open: number, close: number): boolean {
  const inner = text.slice(open + 1, close);
  if (inner.trim() === '' || /^\s/.test(inner) || /\s$/.test(inner)) return false;
  return !/\d/.test(text.charAt(close + 1));
}

function findClose(text: string, from: number, close: string): number {
  let i = text.indexOf(close, from);
  while (i !== -1 && text.charAt(i - 1) === '\\' && close.startsWith('$')) i = text.indexOf(close, i + 1);
  return i;
}

/**
 * Splits text into plain runs and TeX runs. Delimiters: `$$…$$` and `\[…\]` (display), `$…$` and
 * `\(…\)` (inline). `\$` is a literal dollar sign. Unclosed delimiters stay as text.
 */
export function parseMath(text: string): MathSegment[] {
  const segments: MathSegment[] = [];
  let plain = '';
  let i = 0;
  const flush = () => {
    if (plain) segments.push({ kind: 'text', value: plain });
    plain = '';
  };
  outer: while (i < text.length) {
    if (text.startsWith('\\$', i)) {
      plain += '$';
      i += 2;
      continue;
    }
    for (const d of DELIMITERS) {
      if (!text.startsWith(d.open, i)) continue;
      const close = findClose(text, i + d.open.length, d.close);
      if (close === -1) continue;
      if (d.open === '$' && !inlineDollarCloses(text, i, close)) continue;
      const tex = text.slice(i + d.open.length, close);
      if (tex.trim() === '') continue;
      flush();
      segments.push({ kind: 'math', value: tex, display: d.display });
      i = close + d.close.length;
      continue outer;
    }
    plain += text.charAt(i);
    i += 1;
  }
  flush();
  return segments;
}
