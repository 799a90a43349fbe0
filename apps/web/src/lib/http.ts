import { API_BASE, apiPaths, type Tokens } from '@ai-tutor/contract';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { sessionEnded, tokensRefreshed } from '../stores/auth-slice';
import { tokenStorage } from './token-storage';

/**
 * The one HTTP client of the app: base path /api, Bearer token from 'at', the tunnel-warning header of
 * SPEC.md §7, a 30 s timeout and one shared refresh on a 401. RTK Query's base query (api-client.ts) is
 * built on it; the sign-in screen calls it directly so that the first page does not download RTK Query.
 * Results have fetchBaseQuery's shape: errors are FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR or the
 * HTTP status with the body.
 */
export interface ApiRequest {
  url: string;
  method?: string;
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}
export type ApiResult<T = unknown> = (
  { data: T; error?: undefined } | { error: FetchBaseQueryError; data?: undefined }
) & { meta?: FetchBaseQueryMeta };

export interface RequestContext {
  dispatch: (action: UnknownAction) => unknown;
  signal?: AbortSignal;
}

const TIMEOUT_MS = 30_000;

function urlOf({ url, params }: ApiRequest): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.toString();
  return `${API_BASE}${url}${search ? `${url.includes('?') ? '&' : '?'}${search}` : ''}`;
}

async function send(args: ApiRequest, signal?: AbortSignal): Promise<ApiResult> {
  const headers = new Headers(args.headers);
  const token = tokenStorage.access();
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  headers.set('ngrok-skip-browser-warning', 'true');
  if (args.body !== undefined) headers.set('content-type', 'application/json');
  const timeout = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    timeout.abort();
  }, TIMEOUT_MS);
  const onAbort = () => timeout.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let request: Request | undefined;
  let response: Response;
  try {
    request = new Request(urlOf(args), {
      method: args.method ?? 'GET',
      headers,
      body: args.body === undefined ? undefined : JSON.stringify(args.body),
      signal: timeout.signal,
    });
    response = await fetch(request);
  } catch (error) {
    return {
      error: { status: timedOut ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', error: String(error) },
      ...(request ? { meta: { request } } : {}),
    };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  const meta = { request, response };
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? (JSON.parse(text) as unknown) : null;
  } catch (error) {
    return {
      error: { status: 'PARSING_ERROR', originalStatus: response.status, data: text, error: String(error) },
      meta,
    };
  }
  return response.ok ? { data, meta } : { error: { status: response.status, data }, meta };
}

let refreshing: Promise<boolean> | null = null;

/** Several calls failing together share one refresh, so the refresh token rotates once. */
function refreshOnce(context: RequestContext): Promise<boolean> {
  const refreshToken = tokenStorage.refresh();
  if (!refreshToken) return Promise.resolve(false);
  refreshing ??= (async () => {
    const result = await send({
      url: apiPaths.refresh,
      method: 'POST',
      body: { refresh_token: refreshToken },
    });
    const tokens = (result.data as { data?: { tokens?: Tokens } } | undefined)?.data?.tokens;
    if (!tokens) return false;
    context.dispatch(tokensRefreshed(tokens));
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const NO_REFRESH = new Set<string>([apiPaths.login, apiPaths.refresh, apiPaths.signup, apiPaths.googleLogin]);

/** One call; a 401 with a refresh token stored refreshes once and repeats the call, else ends the session. */
export async function request<T = unknown>(args: ApiRequest, context: RequestContext): Promise<ApiResult<T>> {
  let result = await send(args, context.signal);
  if (result.error?.status === 401 && !NO_REFRESH.has(args.url) && tokenStorage.refresh()) {
    if (await refreshOnce(context)) {
      result = await send(args, context.signal);
    } else {
      context.dispatch(sessionEnded());
    }
  }
  return result as ApiResult<T>;
}

/** `request` for screens that only need the body: resolves with it, or rejects with the error. */
export async function call<T>(args: ApiRequest, context: RequestContext): Promise<T> {
  const result = await request<T>(args, context);
  if (result.error) throw result.error;
  return result.data as T;
}

/** The server's message from a failed call, or a fallback a learner understands. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  const e = error as { status?: unknown; data?: { message?: unknown } } | undefined;
  if (e && typeof e.data?.message === 'string') return e.data.message;
  if (e?.status === 'FETCH_ERROR') return 'Cannot reach the server. Check your connection and try again.';
  if (e?.status === 'TIMEOUT_ERROR') return 'The server took too long to answer. Please try again.';
  return fallback;
}
