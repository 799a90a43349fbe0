/**
 * A submit's waits. When time runs out, unsaved answers are flushed again during the server's grace,
 * and an automatic submit that failed is tried again while the failure can pass: the server completes
 * an expired session on its own, so reaching it is all that shows the result.
 */
export const SUBMIT_RETRY_MS = 2000;

export const retryableSubmit = (status: unknown) =>
  typeof status !== 'number' || status >= 500 || status === 408 || status === 429;

export const waitToRetry = (ms = SUBMIT_RETRY_MS) => new Promise((resolve) => setTimeout(resolve, ms));
