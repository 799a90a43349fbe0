import { describe, expect, it } from 'vitest';
import { POST_TEMPLATES, type PostFacts } from '../src/services/posts/templates.js';

/** A shared post counts right answers as the result does: partially correct ones are not 'right'. */
const facts = (correct: number, partial: number): PostFacts => ({
  exam: 'JEE Advanced',
  module: 'Paper 1',
  subject: null,
  topic: null,
  kind: 'mock test',
  score: 5,
  totalMarks: 216,
  percentage: '2.3',
  correct,
  partial,
  totalQuestions: 54,
});

describe('the share text', () => {
  it("says '1 right and 2 partially right of 54 questions', never '3 of 54 right'", () => {
    for (const template of POST_TEMPLATES.slice(0, 2)) {
      const text = template(facts(1, 2));
      expect(text).toContain('1 right and 2 partially right of 54 questions');
      expect(text).not.toContain('3 of 54');
    }
  });

  it('without partial marks: "3 of 54 questions right"', () => {
    expect(POST_TEMPLATES[0]!(facts(3, 0))).toContain('with 3 of 54 questions right.');
  });
});
