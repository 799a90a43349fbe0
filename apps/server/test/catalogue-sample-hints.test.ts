import { AUTHORED_HINTS_MAX } from '@ai-tutor/contract';
import { describe, expect, it } from 'vitest';
import { readSampleContent } from '../src/services/catalogue/seed.js';
import { revealsKey } from '../src/services/practice/key-leaks.js';

/** The sample bank's authored hints: question-specific, and none gives its question's key away. */
describe("the sample bank's authored hints", () => {
  it('are read from the files, at most three a question, and never say the key', async () => {
    const files = await readSampleContent();
    const questions = files
      .flatMap((f) => f.parsed.exams)
      .flatMap((e) => e.modules.flatMap((m) => m.subjects.flatMap((s) => s.questions)));
    const hinted = questions.filter((q) => q.hints.length > 0);
    expect(hinted.length).toBeGreaterThanOrEqual(7);
    for (const q of hinted) {
      expect(q.hints.length, q.text).toBeLessThanOrEqual(AUTHORED_HINTS_MAX);
      for (const hint of q.hints) expect(revealsKey(hint, q.key), `${q.text}: ${hint}`).toBe(false);
    }
    // Each question's hints are its own.
    const texts = hinted.flatMap((q) => q.hints);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
