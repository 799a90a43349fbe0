import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/** The API envelope `{message, data}`: screens toast the message (docs/product.md#errors-and-empty-states). */
export interface Envelope<T> {
  message: string;
  data: T;
}

/** A failed call, with the server's Retry-After (seconds) when it sent one. */
export type ApiFailure = FetchBaseQueryError & { retryAfter?: number };

/** transformErrorResponse that keeps Retry-After, so Resend can count down the server's wait. */
export function withRetryAfter(error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined): ApiFailure {
  const header = meta?.response?.headers.get('retry-after');
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? { ...error, retryAfter: seconds } : error;
}
