import { normalizeAnswer, numericValue, type QuestionKey } from '@ai-tutor/contract';
import { correctOptionsOf } from '../quiz/check-feedback.js';

/**
 * Whether a hint gives the key away (docs/decisions/0016-honest-tutor-and-real-mistakes.md). A key has many spellings: 0.5 is
 * also "1/2", "1 / 2", "\frac{1}{2}", "½", "50 %", "50 percent", "5 × 10^{-1}", "5e-1" and ".5"; an
 * option's text may be written with other spacing or as another form of the same number. The guard
 * reads every number a text writes, in any of these forms, and compares values, not characters.
 */

const NUM = String.raw`[-−+]?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)`;
const SUPERSCRIPT: Record<string, string> = {
  '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9', '⁻': '-', '⁺': '+',
}; // prettier-ignore
const VULGAR: Record<string, number> = {
  '½': 1 / 2, '⅓': 1 / 3, '⅔': 2 / 3, '¼': 1 / 4, '¾': 3 / 4, '⅕': 1 / 5, '⅖': 2 / 5, '⅗': 3 / 5,
  '⅘': 4 / 5, '⅙': 1 / 6, '⅚': 5 / 6, '⅛': 1 / 8, '⅜': 3 / 8, '⅝': 5 / 8, '⅞': 7 / 8,
}; // prettier-ignore

const COUNTS: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4 };
const PARTS: Record<string, number> = { half: 2, halve: 2, third: 3, quarter: 4, fourth: 4, fifth: 5 };
const WORDS = /\b(?:a|one|two|three|four)[\s-]+(?:half|halves|thirds?|quarters?|fourths?|fifths?)\b/gi;

/** Forms that write one number with several digit groups, most specific first; each consumes its text. */
const FORMS: { pattern: RegExp; value: (m: RegExpExecArray) => number }[] = [
  // \frac{1}{2}, \dfrac{1}{2}, \tfrac12
  {
    pattern: new RegExp(String.raw`\\[dt]?frac\s*\{?\s*(${NUM})\s*\}?\s*\{?\s*(${NUM})\s*\}?`, 'g'),
    value: (m) => num(m[1]) / num(m[2]),
  },
  // 5 × 10^-1, 5 x 10^{-1}, 5*10**-1, 5 \times 10^{−1}, 5·10⁻¹
  {
    pattern: new RegExp(
      String.raw`(${NUM})\s*(?:[x×*·]|\\times|\\cdot)\s*10\s*(?:\^|\*\*)?\s*\{?\s*([-−+]?\d+)\s*\}?`,
      'g',
    ),
    value: (m) => num(m[1]) * 10 ** num(m[2]),
  },
  // 1/2, 1 / 2, 1 ÷ 2, 1 : 2 is a ratio, not a value, and is left alone
  {
    pattern: new RegExp(String.raw`(${NUM})\s*(?:/|÷)\s*(${NUM})`, 'g'),
    value: (m) => num(m[1]) / num(m[2]),
  },
  // 50 %, 50%, 50\%, 50 percent, 50 per cent
  {
    pattern: new RegExp(String.raw`(${NUM})\s*(?:\\?%|percent\b|per\s+cent\b)`, 'gi'),
    value: (m) => num(m[1]) / 100,
  },
  // 5e-1, 5E-1
  {
    pattern: new RegExp(String.raw`(${NUM})[eE]([-−+]?\d+)\b`, 'g'),
    value: (m) => num(m[1]) * 10 ** num(m[2]),
  },
];

const num = (s: string | undefined) => Number((s ?? '').replace(/−/g, '-').replace(/,/g, ''));

/** Every number the text writes, in any form (a fraction also as its parts' own values stays out). */
export function numbersIn(text: string): number[] {
  let rest = text
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+/g, (s) => `^${[...s].map((c) => SUPERSCRIPT[c]).join('')}`)
    .replace(/(\d)\s+(?=\.\d)/g, '$1');
  const found: number[] = [];
  for (const [glyph, value] of Object.entries(VULGAR)) {
    const whole = new RegExp(String.raw`(\d+)?\s*${glyph}`, 'g');
    rest = rest.replace(whole, (_, int?: string) => {
      found.push((int ? Number(int) : 0) + value);
      return ' ';
    });
  }
  rest = rest.replace(WORDS, (phrase: string) => {
    const [count, part] = phrase.toLowerCase().split(/[\s-]+/);
    found.push((COUNTS[count!] ?? 1) / PARTS[part!.replace(/s$/, '')]!);
    return ' ';
  });
  for (const form of FORMS) {
    rest = rest.replace(form.pattern, (...args) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      found.push(form.value(match));
      return ' ';
    });
  }
  for (const plain of rest.match(new RegExp(NUM, 'g')) ?? []) if (/\d/.test(plain)) found.push(num(plain));
  return found.filter(Number.isFinite);
}

const within = (n: number, min: number, max: number) => {
  const eps = 1e-9 * Math.max(1, Math.abs(min), Math.abs(max));
  return n >= min - eps && n <= max + eps;
};
/** Equal to 4 significant figures either way: "0.333" says ⅓, and "33.3 %" says it too. */
const sameValue = (a: number, b: number) =>
  a === b || Math.abs(a - b) <= 5e-4 * Math.max(Math.abs(a), Math.abs(b));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `needle` as a whole word or phrase of `haystack` (both normalised: case, spaces). */
const mentions = (haystack: string, needle: string) =>
  needle.length > 0 &&
  new RegExp(`(^|[^\\p{L}\\p{N}])${escape(needle)}($|[^\\p{L}\\p{N}])`, 'u').test(haystack);
const squashed = (s: string) => s.replace(/\s+/g, '');

/** Whether a text says an answer: its words (with any spacing), or its number in any form. */
function says(text: string, answer: string): boolean {
  const said = normalizeAnswer(text);
  const wanted = answer.trim().replace(/\s+/g, ' ').toLowerCase();
  if (mentions(said, wanted) || mentions(said, normalizeAnswer(answer))) return true;
  // "H 2 O" for "H2O", "2 m/s²" for "2m/s²"; short answers ("A", "2") only as whole words above.
  if (squashed(wanted).length >= 3 && squashed(said).includes(squashed(wanted))) return true;
  // An option "2 m/s²" is the number 2 with a unit (after a space): its number alone says it too.
  const quantity = numbersIn(answer.replace(/\s+[^\d\s×x*·^{}().,+\-−/\\][^]*$/u, ''));
  const value = numericValue(answer) ?? (quantity.length === 1 ? quantity[0]! : null);
  if (value === null) return false;
  return numbersIn(text).some((n) => sameValue(n, value));
}

/** Whether a text gives the key away: a right option's text or number, the numerical value, an accepted answer. */
export function revealsKey(text: string, key: QuestionKey): boolean {
  switch (key.type) {
    case 'single':
    case 'multiple':
      return correctOptionsOf(key).some((option) => says(text, option));
    case 'numerical':
      return numbersIn(text).some(
        (n) => within(n, key.min, key.max) || (key.value !== null && sameValue(n, key.value)),
      );
    case 'text':
      return key.answers.some((a) => !a.includes('*') && says(text, a));
  }
}
