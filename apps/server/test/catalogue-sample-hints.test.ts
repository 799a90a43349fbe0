import { AUTHORED_HINTS_MAX } from '@ai-tutor/contract';
import { describe, expect, it } from 'vitest';
import { readSampleContent } from '../src/services/catalogue/seed.js';
import { revealsKey } from '../src/services/practice/key-leaks.js';

/** The sample bank's authored hints: question-specific, and none gives its question's key away. */
describe("the sample bank's authored hints", () => {
  it('are on every question, two or three of them, and never say the key', async () => {
    const files = await readSampleContent();
    const questions = files
      .flatMap((f) => f.parsed.exams)
      .flatMap((e) => e.modules.flatMap((m) => m.subjects.flatMap((s) => s.questions)));
    // Without them the ladder falls back to the stored solution; the sample bank has its own for all.
    expect(questions.filter((q) => q.hints.length < 2).map((q) => q.text)).toEqual([]);
    const hinted = questions;
    for (const q of hinted) expect(q.hints.length, q.text).toBeLessThanOrEqual(AUTHORED_HINTS_MAX);
    const leaks = hinted.flatMap((q) =>
      q.hints.filter((h) => revealsKey(h, q.key)).map((h) => `${q.text}: ${h}`),
    );
    expect(leaks).toEqual([]);
    // Each question's hints are its own.
    const texts = hinted.flatMap((q) => q.hints);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
