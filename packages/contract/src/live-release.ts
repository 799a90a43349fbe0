/**
 * What a learner reads while a live test's results are held for checking (results released by hand,
 * docs/live-tests.md): the result and the ranking answer 409 with it, without `availableAt`. A module of
 * its own, without zod, so the learner's result screen can compare against it for a few bytes.
 */
export const RESULTS_BEING_CHECKED =
  'Results are being checked by your institute. They will appear here once they are released.';
/** The same hold for a question of such a paper (check, hints, the AI tutor) and for a draw it empties. */
export const questionHeldForChecking =
  'This question is in a live test whose results are being checked: its answer, explanation and hints open when they are released.';
export const scopeHeldForChecking = (scopeName: string) =>
  `The questions of ${scopeName} are in a live test whose results are being checked. Please choose another quiz for now.`;
