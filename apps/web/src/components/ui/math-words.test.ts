import { describe, expect, it } from 'vitest';
import { mathAsWords } from './math-words';

describe('mathAsWords', () => {
  it('reads formulas as words', () => {
    expect(mathAsWords('$\\frac{\\mu_0 I}{2R}$')).toBe('mu sub 0 I over 2R');
    expect(mathAsWords('$\\frac{\\mu_0 I}{2\\pi R}$')).toBe('mu sub 0 I over 2 pi R');
    expect(mathAsWords('$v^2 = u^2 + 2as$')).toBe('v squared = u squared + 2as');
    expect(mathAsWords('About $\\sqrt{2}$ m')).toBe('About square root of 2 m');
  });

  it('leaves text without maths to its own label', () => {
    expect(mathAsWords('Option 1C')).toBeUndefined();
  });
});
