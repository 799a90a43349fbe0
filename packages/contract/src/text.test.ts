import { describe, expect, it } from 'vitest';
import { requestMessages } from './messages.js';
import { isSafeText, text } from './text.js';

describe('text(max): the string of every request schema', () => {
  it('accepts any Unicode text, astral characters (surrogate pairs) included', () => {
    for (const value of ['Asha Verma', 'आशा वर्मा', 'Zoë 😀 𝔸', 'line\nbreak\ttab', '']) {
      expect(isSafeText(value)).toBe(true);
      expect(text(100).safeParse(value).success).toBe(true);
    }
  });

  it('refuses NUL and unpaired surrogates, wherever they are', () => {
    for (const value of ['\u0000', 'a\u0000', 'a\uD800', '\uDC00a', 'a\uDC00\uD800b', '😀'.slice(0, 1)]) {
      expect(isSafeText(value)).toBe(false);
      const result = text(100).safeParse(value);
      expect(result.error?.issues.map((i) => i.message)).toEqual([
        requestMessages.textHasForbiddenCharacters,
      ]);
    }
  });

  it('refuses text over its maximum with a message naming the maximum', () => {
    expect(text(3).safeParse('abc').success).toBe(true);
    expect(
      text(3)
        .safeParse('abcd')
        .error?.issues.map((i) => i.message),
    ).toEqual([requestMessages.textTooLong(3)]);
  });
});
