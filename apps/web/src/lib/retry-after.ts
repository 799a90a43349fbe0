import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/** A failed call, with the server's Retry-After (seconds) when it sent one. */
export type ApiFailure = FetchBaseQueryError & { retryAfter?: number };

/**
 * Keeps a failed call's Retry-After on its error (a transformErrorResponse), for a countdown (Resend)
 * or a queue's retry (lib/queue-retry.ts). Its own module: /login's entry needs it, not the retry loop.
 */
export function withRetryAfter(error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined): ApiFailure {
  const header = meta?.response?.headers.get('retry-after');
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? { ...error, retryAfter: seconds } : error;
}
