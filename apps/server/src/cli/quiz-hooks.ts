import type { Config } from '../config.js';
import { plugReports } from '../services/bank/quiz-hooks.js';
import { plugLiveTests } from '../services/live-tests/quiz-hooks.js';
import { createQuizHooks, type QuizHooks } from '../services/quiz/hooks.js';
import { plugReview } from '../services/review/quiz-hooks.js';

/**
 * The quiz core's hooks as the app's plugins register them (plugins/app/review.ts, reports.ts,
 * live-tests.ts, in that order), so a key correction from the command line re-ranks and resolves
 * reports as the console's does. No grader: the CLI completes no session.
 */
export function cliQuizHooks(config: Pick<Config, 'percentileMinFirstAttempts'>): QuizHooks {
  const hooks = createQuizHooks(null);
  plugReview(hooks);
  plugReports(hooks);
  plugLiveTests(hooks, config.percentileMinFirstAttempts);
  return hooks;
}
