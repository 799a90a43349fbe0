import { describe, expect, it } from 'vitest';
import { answersMatch, normalizeAnswer, scoreAnswer, statusFromScore } from './scoring.js';
import { performanceStatus } from './constants.js';

describe('scoring', () => {
  it('gives 4 for a correct answer, -1 for a wrong one and nothing for none', () => {
    expect(scoreAnswer('Newton', 'Newton')).toBe(4);
    expect(scoreAnswer('Joule', 'Newton')).toBe(-1);
    expect(scoreAnswer('', 'Newton')).toBeNull();
    expect(scoreAnswer('   ', 'Newton')).toBeNull();
    expect(scoreAnswer(null, 'Newton')).toBeNull();
  });

  it('compares numbers by value and text without case or extra spaces', () => {
    expect(answersMatch('3.50', '3.5')).toBe(true);
    expect(answersMatch('1/2', '0.5')).toBe(true);
    expect(answersMatch('.5', '0.5')).toBe(true);
    expect(answersMatch('-2', '-2.0')).toBe(true);
    expect(answersMatch('  carbon   dioxide ', 'Carbon Dioxide')).toBe(true);
    expect(answersMatch('3.51', '3.5')).toBe(false);
    expect(normalizeAnswer('1,000')).toBe('1000');
  });

  it('derives the row status from the score and the Good threshold at exactly 50', () => {
    expect(statusFromScore(4)).toBe('Correct');
    expect(statusFromScore(-1)).toBe('Incorrect');
    expect(statusFromScore(null)).toBe('Not Attempted');
    expect(performanceStatus(50)).toBe('Good');
    expect(performanceStatus(49.99)).toBe('Average');
  });
});
