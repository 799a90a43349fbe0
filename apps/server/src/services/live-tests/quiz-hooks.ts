import { PERCENTILE_MIN_FIRST_ATTEMPTS } from '@ai-tutor/contract';
import type { QuizHooks } from '../quiz/hooks.js';
import { liveTestsAfterCorrection } from './after-correction.js';
import { countFirstAttempts } from './practice.js';
import { checkLiveResultsOpen, practicePercentileOfSession } from './result-gate.js';

/**
 * Live tests in the quiz core (services/quiz/hooks.ts): a completed mock test may be a learner's first
 * of its module (the practice percentile's counts, in completion's transaction); a key correction
 * re-ranks; a live test's result waits for its ranking; a mock test's result has its percentile.
 */
export function plugLiveTests(hooks: QuizHooks, percentileMinAttempts = PERCENTILE_MIN_FIRST_ATTEMPTS): void {
  hooks.sessionsCompleted.on((tx, completed) =>
    countFirstAttempts(
      tx,
      completed.sessions.map((s) => s.id),
    ),
  );
  hooks.keyCorrected.on(liveTestsAfterCorrection);
  hooks.resultGate.on(async (row) => checkLiveResultsOpen(row, row.serverTimeMs));
  hooks.resultSections.on(async (db, read) => {
    const practicePercentile = await practicePercentileOfSession(db, read.row, percentileMinAttempts);
    return practicePercentile ? { practicePercentile } : {};
  });
}
