import type { QuizHooks } from '../quiz/hooks.js';
import { resolveReports } from './reports.js';

/**
 * Learners' reports in the quiz core (services/quiz/hooks.ts): the key correction that fixed a question
 * resolves its open reports, in the correction's transaction, naming it.
 */
export function plugReports(hooks: QuizHooks): void {
  hooks.keyCorrected.on(async (tx, correction) => ({
    reportsResolved: await resolveReports(tx, correction.questionId, {
      note: `${correction.kind === 'key' ? 'key corrected' : 'question dropped'}: ${correction.reason}`,
      correctionId: correction.correctionId,
    }),
  }));
}
