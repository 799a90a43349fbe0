import { parseMath } from './MathText';

const WORDS: [RegExp, string][] = [
  [/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, ' $1 over $2 '],
  [/\\sqrt\s*\{([^{}]*)\}/g, ' square root of $1 '],
  [/\^\s*\{?2\}?/g, ' squared '],
  [/\^\s*\{?3\}?/g, ' cubed '],
  [/\^\s*\{([^{}]*)\}/g, ' to the power $1 '],
  [/\^\s*(\S)/g, ' to the power $1 '],
  [/_\s*\{([^{}]*)\}/g, ' sub $1 '],
  [/_\s*(\S)/g, ' sub $1 '],
  [/\\(times|cdot)/g, ' times '],
  [/\\pm/g, ' plus or minus '],
  [/\\(le|leq)\b/g, ' less than or equal to '],
  [/\\(ge|geq)\b/g, ' greater than or equal to '],
  [/\\(left|right|,|;|!|quad|qquad|mathrm|text|operatorname)/g, ' '],
  [/\\([a-zA-Z]+)/g, ' $1 '],
  [/[{}]/g, ' '],
];

/**
 * A plain-words name for text with LaTeX ("$\frac{\mu_0 I}{2R}$" → "mu sub 0 I over 2R"), or undefined
 * when there is no maths. Accessibility checkers (axe) find no name in KaTeX's MathML, so a radio whose
 * option is a formula would be announced as unlabelled; this name reads close to how one says it.
 */
export function mathAsWords(text: string): string | undefined {
  const segments = parseMath(text);
  if (!segments.some((s) => s.kind === 'math')) return undefined;
  return segments
    .map((segment) => {
      if (segment.kind === 'text') return segment.value;
      let words = segment.value;
      // Innermost first: a fraction inside a root, a power inside a fraction.
      for (let pass = 0; pass < 3; pass++)
        for (const [pattern, replacement] of WORDS) words = words.replace(pattern, replacement);
      return words;
    })
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
