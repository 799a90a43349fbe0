import { describe, expect, it } from 'vitest';
import { canonicalLanguage, languageTag, translationProblems } from './translations.js';

const sha = (c: string) => c.repeat(64);
const question = {
  text: `Which bulb is brightest? ![circuit](media:${sha('a')})`,
  options: ['A', `B ![bulb B](media:${sha('b')})`],
  explanation: null,
  hints: ['Power is $P = I^2 R$.'],
  passage: null,
};

describe('translations', () => {
  it('takes BCP 47 tags in their canonical case, Moodle’s underscores too, and nothing else', () => {
    expect(['hi', 'HI', 'pt_br', 'zh-hant', 'en-IN'].map(canonicalLanguage)).toEqual([
      'hi',
      'hi',
      'pt-BR',
      'zh-Hant',
      'en-IN',
    ]);
    expect(['', 'hindi language', '1x', 'h'].map(canonicalLanguage)).toEqual([null, null, null, null]);
    expect(languageTag.safeParse('xx-').success).toBe(false);
  });

  it('accepts a translation with its own alt texts and the same figures where the original has them', () => {
    const hindi = {
      text: `कौन-सा बल्ब सबसे चमकीला है? ![परिपथ](media:${sha('a')})`,
      options: ['A', `B ![बल्ब B](media:${sha('b')})`],
      explanation: null,
      hints: [],
      passage: null,
    };
    expect(translationProblems(question, hindi)).toEqual([]);
  });

  it('names another option count, a missing or moved figure, and a hint count that differs', () => {
    expect(
      translationProblems(question, {
        text: 'कौन-सा बल्ब सबसे चमकीला है?',
        options: [`A ![बल्ब B](media:${sha('b')})`, 'B'],
        explanation: null,
        hints: ['एक', 'दो'],
        passage: null,
      }),
    ).toEqual([
      'its text shows 0 figures where the original shows 1',
      'its option 1 shows 1 figure where the original shows 0',
      'its option 2 shows 0 figures where the original shows 1',
      'it has 2 hints; the question has 1',
    ]);
    expect(translationProblems(question, { ...question, options: ['A', 'B', 'C'] })).toEqual([
      'it has 3 options; the question has 2',
    ]);
  });
});
