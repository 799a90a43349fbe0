/**
 * A paper's solutions name options by letter ("option (B) is correct"). A taker whose options were
 * shuffled saw another letter on that option, so an explanation's letters are turned into the letters
 * that taker saw (docs/import-format.md#maths-tables-and-lists). Only letters a solution uses for options are turned:
 * those after "option", "answer" or "Ans", and parenthesised ones followed by "is correct" and the like;
 * a 'match List-I with List-II' option's own (A)–(D) are left as written. A translated solution's
 * letters are turned the same way, by its language's words ("विकल्प (B) सही है"; docs/languages.md).
 */

const LETTERS = 'ABCDEFGHIJ';
const ONE = String.raw`(?:\([A-J]\)|\b[A-J]\b)`;
const PAREN = String.raw`\([A-J]\)`;
/** Not inside a Devanagari word (JavaScript's \b knows only ASCII letters). */
const NOT_IN_WORD = String.raw`(?<![\p{L}\p{M}])`;
const WORD_ENDS = String.raw`(?![\p{L}\p{M}])`;
const list = (one: string, separator: string) => String.raw`${one}(?:${separator}${one})*`;
const EN_SEPARATOR = String.raw`\s*(?:,|and|&|or|\/)\s*`;
// Hindi solutions as NTA's answer keys write them: "विकल्प (B) सही है", "सही उत्तर: (C)", "(A) तथा (D) सही हैं".
const HI_SEPARATOR = String.raw`\s*(?:,|और|तथा|एवं|या|&|\/)\s*`;
const HI_VERDICT = String.raw`(?:सही|गलत|ग़लत|सत्य|असत्य|उचित|अनुचित)${WORD_ENDS}`;

/** Each rule: what comes before the letters (kept), then the letters (turned). */
const RULES: RegExp[] = [
  new RegExp(
    String.raw`(\b(?:options?|answers?|ans\.?|choices?)\s*(?:is|are|:|-|=)?\s*)(${list(ONE, EN_SEPARATOR)})`,
    'gi',
  ),
  new RegExp(
    String.raw`(${NOT_IN_WORD}(?:विकल्पों|विकल्प|उत्तर)\s*(?::|-|=)?\s*)(${list(ONE, HI_SEPARATOR)})`,
    'gu',
  ),
];
/** Letters followed by a verdict ("(B) is correct", "(B) सही है"): the letters, then the verdict. */
const VERDICTS: RegExp[] = [
  new RegExp(
    String.raw`(${list(PAREN, EN_SEPARATOR)})(\s+(?:is|are)\s+(?:the\s+)?(?:correct|right|true|incorrect|wrong|false))`,
    'g',
  ),
  new RegExp(String.raw`(${list(PAREN, HI_SEPARATOR)})(\s+${HI_VERDICT})`, 'gu'),
];

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
  const turn = (letters: string) => letters.replace(/\b[A-J]\b/g, letterFor);
  // One pass per rule over the original text: a turned letter is never turned again.
  const marks: Array<[number, number, string]> = [];
  const overlaps = (start: number, end: number) => marks.some(([s, e]) => start < e && end > s);
  for (const rule of RULES)
    for (const match of text.matchAll(rule)) {
      const start = match.index + match[1]!.length;
      if (!overlaps(start, start + match[2]!.length))
        marks.push([start, start + match[2]!.length, turn(match[2]!)]);
    }
  for (const rule of VERDICTS)
    for (const match of text.matchAll(rule)) {
      const start = match.index;
      if (!overlaps(start, start + match[1]!.length))
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
