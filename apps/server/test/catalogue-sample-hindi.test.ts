import { beforeAll, describe, expect, it } from 'vitest';
import type { ParsedExam } from '../src/import/index.js';
import { readSampleContent } from '../src/services/catalogue/seed.js';

// docs/languages.md: the sample JEE Main paper is in Hindi as well, so a newcomer sees a bilingual paper
// on `npm start`. A translation must say the same maths as its question: every formula of the English
// text, explanation and hints appears in the Hindi one (words inside \text{} may be translated).
let jeeMain: ParsedExam;
beforeAll(async () => {
  const exams = (await readSampleContent()).flatMap((f) => f.parsed.exams);
  jeeMain = exams.find((e) => e.slug === 'jee-main-practice')!;
});

const formulas = (text: string | null) =>
  [...(text ?? '').matchAll(/\$[^$]+\$/g)].map((m) => m[0].replace(/\\text\{[^}]*\}/g, '\\text{}')).sort();

describe('the sample JEE Main paper in Hindi', () => {
  it('is offered in English and Hindi, English authoritative', () => {
    expect(jeeMain.languages).toEqual(['en', 'hi']);
    expect(jeeMain.authoritativeLanguage).toBe('en');
  });

  it('has every question in Hindi with its options in the same order and the same maths', () => {
    const questions = jeeMain.modules.flatMap((m) => m.subjects.flatMap((s) => s.questions));
    expect(questions).toHaveLength(75);
    for (const q of questions) {
      const hi = q.translations.find((t) => t.lang === 'hi');
      expect(hi, q.text).toBeDefined();
      expect(hi!.text).toMatch(/[\u0900-\u097F]/);
      expect(hi!.options).toHaveLength(q.options.length);
      expect(formulas(hi!.text), q.text).toEqual(formulas(q.text));
      expect(formulas(hi!.explanation), q.text).toEqual(formulas(q.explanation));
      expect(hi!.hints.map(formulas), q.text).toEqual(q.hints.map(formulas));
      // An option that is a number or a formula reads the same in both languages.
      q.options.forEach((option, i) => {
        if (!/[A-Za-z]{3}/.test(option.replace(/\$[^$]+\$|\\[a-z]+/g, '')))
          expect(hi!.options[i], `${q.text}: ${option}`).toBe(option);
      });
    }
  });
});
