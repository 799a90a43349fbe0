import { describe, expect, it } from 'vitest';
import { currentScheme, markAnswer, schemeById } from './marking.js';
import { keyText, type QuestionKey } from './questions.js';

const adv = currentScheme('jee-advanced');
const multiple = (answers: string[]): QuestionKey => ({ type: 'multiple', answers });

describe('JEE Advanced multiple-correct marks (docs/product.md#marking-schemes)', () => {
  it.each([
    [['A', 'B', 'C', 'D'], ['A', 'B', 'C', 'D'], 4, 'correct'],
    [['A', 'B', 'C', 'D'], ['A', 'B', 'C'], 3, 'partial'],
    [['A', 'B', 'C', 'D'], ['A', 'B'], 2, 'partial'],
    [['A', 'B', 'C'], ['A', 'C'], 2, 'partial'],
    [['A', 'B', 'C'], ['B'], 1, 'partial'],
    [['A', 'B'], ['B'], 1, 'partial'],
    [['A'], ['A'], 4, 'correct'],
    [['A', 'B'], ['A', 'C'], -2, 'incorrect'],
    [['A', 'B', 'C', 'D'], ['A', 'B', 'C', 'X'], -2, 'incorrect'],
    [['A', 'B'], [], null, 'unattempted'],
  ] as const)('key %j, chosen %j: %s', (key, chosen, score, outcome) => {
    expect(markAnswer(adv, multiple([...key]), [...chosen])).toEqual({ score, outcome });
  });

  it('single +3/−1 and numerical +3/0 under jee-advanced; +4/−1 for every type under spec', () => {
    const single: QuestionKey = { type: 'single', answer: 'B' };
    const numerical: QuestionKey = { type: 'numerical', min: 1.95, max: 2.05, value: 2 };
    expect(markAnswer(adv, single, 'B').score).toBe(3);
    expect(markAnswer(adv, single, 'C').score).toBe(-1);
    expect(markAnswer(adv, numerical, '2.04').score).toBe(3);
    expect(markAnswer(adv, numerical, '2.06').score).toBe(0);
    const spec = schemeById('spec@1');
    expect(markAnswer(spec, multiple(['A', 'B']), ['A']).score).toBe(-1);
    expect(markAnswer(spec, numerical, '1.95').score).toBe(4);
    expect(
      markAnswer(spec, { type: 'text', answers: ['*manual*'], wildcard: true }, 'The Manual page').score,
    ).toBe(4);
    expect(markAnswer(spec, { type: 'text', answers: ['2*3'], wildcard: false }, '2*3').score).toBe(4);
  });

  it('shows keys as a learner reads them', () => {
    expect(keyText(numerical(2, 0.05))).toBe('2 ± 0.05');
    // Bounds computed from a tolerance carry float noise (130.01 − 130 = 0.00999999999999091).
    expect(keyText(numerical(130, 0.01))).toBe('130 ± 0.01');
    expect(keyText({ type: 'numerical', min: 129.99, max: 130.01, value: 130 })).toBe('130 ± 0.01');
    expect(keyText(numerical(2.36, 0.005))).toBe('2.36 ± 0.005');
    expect(keyText({ type: 'numerical', min: 2, max: 3, value: null })).toBe('2 to 3');
    expect(keyText(multiple(['A', 'C']))).toBe('A; C');
  });
});

function numerical(value: number, tolerance: number): QuestionKey {
  return { type: 'numerical', min: value - tolerance, max: value + tolerance, value };
}
