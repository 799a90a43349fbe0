import { describe, expect, it } from 'vitest';
import { averageTimeText } from './analysis';

describe('averageTimeText', () => {
  it('averages over the questions with time on them, not over every question', () => {
    // Seen by a learner: one question took 3 s, the other 74 none — it read 'Average 0s per question'.
    expect(averageTimeText([3, ...Array(74).fill(0)])).toBe(
      'Average 3s per question (1 of 75 questions timed).',
    );
    expect(averageTimeText([30, 90])).toBe('Average 1m 0s per question.');
    expect(averageTimeText([])).toBe('');
  });
});
