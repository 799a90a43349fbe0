import { describe, expect, it } from 'vitest';
import { currentScheme } from './marking.js';
import { marksText, paperSections, sectionOf } from './sections.js';
import type { QuestionType } from './questions.js';

const q = (subject: string | null, questionType: QuestionType) => ({
  baseQuestion: { subject: subject ? { id: subject, name: subject } : null, questionType },
});

describe('paperSections', () => {
  it('makes a section of each run of one subject and one type, lettered within the subject, numbered as the palette', () => {
    const paper = [
      q('Physics', 'single'),
      q('Physics', 'single'),
      q('Physics', 'numerical'),
      q('Chemistry', 'single'),
      q(null, 'text'),
    ];
    const sections = paperSections(paper, currentScheme('jee-main'));
    expect(sections.map((s) => [s.title, s.firstQuestion, s.questionCount])).toEqual([
      ['Physics · Section A (Single correct)', 1, 2],
      ['Physics · Section B (Numerical value)', 3, 1],
      ['Chemistry · Section A (Single correct)', 4, 1],
      ['Section A (Typed answer)', 5, 1],
    ]);
    expect(sectionOf(sections, 2)?.title).toBe('Physics · Section B (Numerical value)');
    expect(sectionOf(sections, 5)).toBeUndefined();
  });

  it("says each section's marks as the scheme gives them, partial marks included", () => {
    const [multiple, numerical] = paperSections(
      [q('Maths', 'multiple'), q('Maths', 'numerical')],
      currentScheme('jee-advanced'),
    );
    expect(marksText(multiple!.marks)).toBe('+4 / partial +1 to +3 / −2');
    expect(multiple!.instructions).toContain('one or more of them are correct');
    expect(marksText(numerical!.marks)).toBe('+3 / 0');
    expect(numerical!.instructions).toContain('no marks are taken off for a wrong answer');
    const [single] = paperSections([q('Maths', 'single')], currentScheme('spec'));
    expect(marksText(single!.marks)).toBe('+4 / −1');
  });
});
