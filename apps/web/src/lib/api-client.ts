import { createApi } from '@reduxjs/toolkit/query/react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseQuery, type ApiMeta } from './base-query';

/** Features add their endpoints with `api.injectEndpoints`, one file per endpoint. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Exams', 'Exam', 'Records', 'Session', 'Result', 'Attempts', 'Posts'],
  endpoints: () => ({}),
});

/** transformResponse for calls whose screen toasts the server's success message (SPEC.md §8). */
export function withMessage<T>(data: unknown, meta: ApiMeta | undefined): { message: string; data: T } {
  return { message: meta?.message ?? '', data: data as T };
}

/** A dispatch that may run the API slice's thunks (util.upsertQueryData and the like). */
export type ApiDispatch = ThunkDispatch<{ api: ReturnType<typeof api.reducer> }, unknown, UnknownAction>;
