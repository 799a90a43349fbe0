import { describe, expect, it } from 'vitest';
import { extraTimeSentence, hasExtraTime, minutesWithExtraTime } from './accommodations.js';

describe('extra time as the instructions screen says it', () => {
  it('rounds the percentage up and adds the minutes, as the server’s start does', () => {
    expect(minutesWithExtraTime(180, { extraTimePercent: 25, extraTimeMinutes: 0 })).toBe(225);
    expect(minutesWithExtraTime(30, { extraTimePercent: 33, extraTimeMinutes: 5 })).toBe(45); // 9.9 → 10
    expect(hasExtraTime({ extraTimePercent: 0, extraTimeMinutes: 0 })).toBe(false);
  });

  it('says it in one plain sentence', () => {
    expect(extraTimeSentence(180, { extraTimePercent: 25, extraTimeMinutes: 0 })).toBe(
      'You have 25 % extra time: 225 minutes.',
    );
    expect(extraTimeSentence(60, { extraTimePercent: 0, extraTimeMinutes: 1 })).toBe(
      'You have 1 minute extra time: 61 minutes.',
    );
    expect(extraTimeSentence(60, { extraTimePercent: 50, extraTimeMinutes: 10 })).toBe(
      'You have 50 % and 10 minutes extra time: 100 minutes.',
    );
  });
});
