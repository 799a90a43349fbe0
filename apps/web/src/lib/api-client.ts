import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { injectSlice } from '../stores/root-reducer';
import { request } from './http';

/** RTK Query over the one HTTP client (http.ts): same headers, timeout and shared refresh. */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = async (args, api) => {
  const { url, method, body, params } = typeof args === 'string' ? { url: args } : args;
  const result = await request(
    { url, method, body, params: params as Record<string, string | number | undefined> | undefined },
    { dispatch: api.dispatch, signal: api.signal },
  );
  return result.error ? { error: result.error, meta: result.meta } : { data: result.data, meta: result.meta };
};

/** Features add their endpoints with `api.injectEndpoints`, one file per endpoint. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Exams', 'Exam', 'Records', 'Session', 'Result', 'Attempts', 'Posts'],
  endpoints: () => ({}),
});

// The store starts without the API slice (stores/root-reducer.ts): the first screen that needs it adds it.
injectSlice(api, api.middleware);
