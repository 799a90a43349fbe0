import { apiPaths, type Tokens } from '@ai-tutor/contract';
import type { UnknownAction } from '@reduxjs/toolkit';
import type {
  BaseQueryApi,
  BaseQueryFn,
  FetchArgs,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { fetchJson, type FetchResult } from './fetch-json';
import { sessionEnded, tokensRefreshed } from '../stores/auth-slice';
import { tokenStorage } from './token-storage';
import { plainServerMessage } from './server-message';

/**
 * The one way the app calls the server: RTK Query's endpoints (api-client.ts) use it, and the first
 * page's calls use it directly (callApi) so that /login does not download RTK Query. Each request as
 * fetch-json.ts makes it, one shared refresh on a 401, and the envelope `{message, data}` unwrapped: endpoints get `data`, the message is in
 * `meta.message`. Errors keep fetchBaseQuery's shape, the server's body (with its message) included.
 */
export type ApiMeta = FetchBaseQueryMeta & { message?: string };
export type ApiResult<T = unknown> = (
  { data: T; error?: undefined } | { error: FetchBaseQueryError; data?: undefined }
) & { meta?: ApiMeta };

let refreshing: Promise<boolean> | null = null;

/** Several calls failing together share one refresh, so the refresh token rotates once. */
function refreshOnce(api: BaseQueryApi): Promise<boolean> {
  const refreshToken = tokenStorage.refresh();
  if (!refreshToken) return Promise.resolve(false);
  refreshing ??= (async () => {
    const result = await fetchJson({
      url: apiPaths.refresh,
      method: 'POST',
      body: { refresh_token: refreshToken },
    });
    const tokens = (result.data as { data?: { tokens?: Tokens } } | undefined)?.data?.tokens;
    if (!tokens) return false;
    api.dispatch(tokensRefreshed(tokens));
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const NO_REFRESH = new Set<string>([apiPaths.login, apiPaths.refresh, apiPaths.signup, apiPaths.googleLogin]);

function unwrap(result: FetchResult): ApiResult {
  if (result.error) return { error: result.error, meta: result.meta };
  const body = result.data as { message?: unknown; data?: unknown } | null;
  if (body === null || typeof body !== 'object' || !('data' in body))
    return { data: body, meta: result.meta };
  const message = typeof body.message === 'string' ? body.message : undefined;
  return { data: body.data, meta: { ...result.meta!, ...(message === undefined ? {} : { message }) } };
}

/** One call; a 401 with a refresh token stored refreshes once and repeats the call, else ends the session. */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  ApiMeta
> = async (args, api) => {
  const url = typeof args === 'string' ? args : args.url;
  let result = await fetchJson(args, api.signal);
  if (result.error?.status === 401 && !NO_REFRESH.has(url) && tokenStorage.refresh()) {
    if (await refreshOnce(api)) result = await fetchJson(args, api.signal);
    else api.dispatch(sessionEnded());
  }
  return unwrap(result);
};

export interface CallContext {
  dispatch: (action: UnknownAction) => unknown;
  getState: () => unknown;
  signal?: AbortSignal;
}

/** The base query outside RTK Query, for the first page's few calls (sign-in, start-up). */
export function callApi<T = unknown>(args: string | FetchArgs, context: CallContext): Promise<ApiResult<T>> {
  const api: BaseQueryApi = {
    dispatch: context.dispatch as BaseQueryApi['dispatch'],
    getState: context.getState,
    signal: context.signal ?? new AbortController().signal,
    abort: () => undefined,
    extra: undefined,
    endpoint: typeof args === 'string' ? args : args.url,
    type: 'mutation',
  };
  return Promise.resolve(baseQuery(args, api, {})) as Promise<ApiResult<T>>;
}

/** callApi for screens that only need the data and its message: rejects with the error. */
export async function callApiOrThrow<T>(
  args: string | FetchArgs,
  context: CallContext,
): Promise<{ message: string; data: T }> {
  const result = await callApi<T>(args, context);
  if (result.error) throw result.error;
  return { message: result.meta?.message ?? '', data: result.data as T };
}

/** The server's message from a failed call, or a fallback a learner understands. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  const e = error as { status?: unknown; data?: { message?: unknown } } | undefined;
  if (e && typeof e.data?.message === 'string') return plainServerMessage(e.data.message);
  if (e?.status === 'FETCH_ERROR') return 'Cannot reach the server. Check your connection and try again.';
  if (e?.status === 'TIMEOUT_ERROR') return 'The server took too long to answer. Please try again.';
  return fallback;
}
