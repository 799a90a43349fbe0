import { describe, expect, it } from 'vitest';
import { expectedValueFormula, schemeShort } from './coach';

describe('the coach’s arithmetic', () => {
  it('writes the expected value per attempt with the figures it uses', () => {
    expect(expectedValueFormula(0.62, 4, -1)).toBe('0.62 × 4 − 0.38 × 1 = +2.10');
    expect(expectedValueFormula(0.1, 4, -1)).toBe('0.10 × 4 − 0.90 × 1 = −0.50');
    // A blind guess among four under +4/−1.
    expect(expectedValueFormula(1 / 4, 4, -1)).toBe('0.25 × 4 − 0.75 × 1 = +0.25');
    // JEE Advanced's multiple-correct: −2 for a wrong answer.
    expect(expectedValueFormula(0.4, 4, -2)).toBe('0.40 × 4 − 0.60 × 2 = +0.40');
    expect(schemeShort(4, -1)).toBe('+4/−1');
  });
});
