import type { QuizHooks } from '../quiz/hooks.js';
import { coachFor } from './coach.js';
import { recordCompleted } from './history-queue.js';

/**
 * The review queue in the quiz core (services/quiz/hooks.ts): a completed session's answers become its
 * history and review cards (in completion's transaction), and a result gets the coach, which reads that
 * history.
 */
export function plugReview(hooks: QuizHooks): void {
  hooks.sessionsCompleted.on(recordCompleted);
  hooks.resultSections.on(async (db, read) => ({
    coach: await coachFor(db, read.userId, read.row.markingScheme, await read.evaluations),
  }));
}
