import { API_BASE, apiPaths, type Tokens } from '@ai-tutor/contract';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { sessionEnded, tokensRefreshed } from '../stores/auth-slice';
import { tokenStorage } from './token-storage';

/**
 * The one API client: base path /api, Bearer token from 'at', the tunnel-warning header of SPEC.md §7.
 * Errors come back as RTK Query's FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR or the HTTP status.
 */
const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  timeout: 30_000,
  prepareHeaders: (headers) => {
    const token = tokenStorage.access();
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    headers.set('ngrok-skip-browser-warning', 'true');
    return headers;
  },
});

let refreshing: Promise<boolean> | null = null;

/** Several calls failing together share one refresh, so the refresh token rotates once. */
async function refreshOnce(api: Parameters<BaseQueryFn>[1], extraOptions: object): Promise<boolean> {
  const refreshToken = tokenStorage.refresh();
  if (!refreshToken) return false;
  refreshing ??= (async () => {
    const result = await rawBaseQuery(
      { url: apiPaths.refresh, method: 'POST', body: { refresh_token: refreshToken } },
      api,
      extraOptions,
    );
    const tokens = (result.data as { data?: { tokens?: Tokens } } | undefined)?.data?.tokens;
    if (tokens) {
      api.dispatch(tokensRefreshed(tokens));
      return true;
    }
    return false;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const NO_REFRESH = new Set<string>([apiPaths.login, apiPaths.refresh, apiPaths.signup, apiPaths.googleLogin]);

export const baseQueryWithRefresh: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  let result = await rawBaseQuery(args, api, extraOptions);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status === 401 && !NO_REFRESH.has(url) && tokenStorage.refresh()) {
    if (await refreshOnce(api, extraOptions)) {
      result = await rawBaseQuery(args, api, extraOptions);
    } else {
      api.dispatch(sessionEnded());
    }
  }
  return result;
};

/** Features add their endpoints with `api.injectEndpoints`, one file per endpoint. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithRefresh,
  tagTypes: ['User', 'Exams', 'Exam', 'Records', 'Session', 'Result', 'Attempts', 'Posts'],
  endpoints: () => ({}),
});

/** The server's message from a failed call, or a fallback a learner understands. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  const e = error as { status?: unknown; data?: { message?: unknown } } | undefined;
  if (e && typeof e.data?.message === 'string') return e.data.message;
  if (e?.status === 'FETCH_ERROR') return 'Cannot reach the server. Check your connection and try again.';
  if (e?.status === 'TIMEOUT_ERROR') return 'The server took too long to answer. Please try again.';
  return fallback;
}
