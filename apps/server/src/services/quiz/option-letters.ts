/**
 * A paper's solutions name options by letter ("option (B) is correct"). A taker whose options were
 * shuffled saw another letter on that option, so an explanation's letters are turned into the letters
 * that taker saw (docs/import-format.md#maths-tables-and-lists). Only letters a solution uses for options are turned:
 * those after "option", "answer" or "Ans", and parenthesised ones followed by "is correct" and the like;
 * a 'match List-I with List-II' option's own (A)–(D) are left as written.
 */

const LETTERS = 'ABCDEFGHIJ';
const ONE = String.raw`(?:\([A-J]\)|\b[A-J]\b)`;
const SEPARATOR = String.raw`\s*(?:,|and|&|or|\/)\s*`;
const AFTER_WORD = new RegExp(
  String.raw`(\b(?:options?|answers?|ans\.?|choices?)\s*(?:is|are|:|-|=)?\s*)(${ONE}(?:${SEPARATOR}${ONE})*)`,
  'gi',
);
const PAREN = String.raw`\([A-J]\)`;
const BEFORE_VERDICT = new RegExp(
  String.raw`(${PAREN}(?:${SEPARATOR}${PAREN})*)(\s+(?:is|are)\s+(?:the\s+)?(?:correct|right|true|incorrect|wrong|false))`,
  'g',
);

export function relabelOptions(
  text: string | null,
  bank: readonly string[],
  shown: readonly string[],
): string | null {
  if (!text || bank.length < 2 || bank.every((option, i) => shown[i] === option)) return text;
  const letterFor = (letter: string) => {
    const at = shown.indexOf(bank[LETTERS.indexOf(letter)] ?? '');
    return at === -1 ? letter : (LETTERS[at] ?? letter);
  };
  const turn = (list: string) => list.replace(/\b[A-J]\b/g, letterFor);
  // One pass per rule over the original text: a turned letter is never turned again.
  const marks: Array<[number, number, string]> = [];
  for (const match of text.matchAll(AFTER_WORD)) {
    const start = match.index + match[1]!.length;
    marks.push([start, start + match[2]!.length, turn(match[2]!)]);
  }
  for (const match of text.matchAll(BEFORE_VERDICT)) {
    const start = match.index;
    if (marks.some(([s, e]) => start < e && start + match[1]!.length > s)) continue;
    marks.push([start, start + match[1]!.length, turn(match[1]!)]);
  }
  marks.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end, replacement] of marks) {
    out += text.slice(at, start) + replacement;
    at = end;
  }
  return out + text.slice(at);
}
