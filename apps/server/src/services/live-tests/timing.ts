import { SAVE_GRACE_SECONDS } from '@ai-tutor/contract';

/**
 * A live test is ranked once its close plus the save grace has passed (saves in flight at the close
 * still land), then within a tick of the ranking job.
 */
export const GRACE_SECONDS_AFTER_CLOSE = SAVE_GRACE_SECONDS;
/** How often the ranking job looks for closed, unranked tests. */
export const RANKING_TICK_SECONDS = 2;
