import { API_BASE } from '@ai-tutor/contract';
import type { FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { tokenStorage } from './token-storage';

export type FetchResult = (
  { data: unknown; error?: undefined } | { error: FetchBaseQueryError; data?: undefined }
) & { meta?: FetchBaseQueryMeta };

const TIMEOUT_MS = 30_000;

function urlOf({ url, params }: FetchArgs): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.toString();
  // Absolute: a browser resolves '/api' against the page, Node's Request (the tests') refuses to.
  return `${window.location.origin}${API_BASE}${url}${search ? `${url.includes('?') ? '&' : '?'}${search}` : ''}`;
}

/**
 * One request as fetchBaseQuery makes it, with its result shapes (FETCH_ERROR, TIMEOUT_ERROR,
 * PARSING_ERROR, or the HTTP status with the body): Bearer token from 'at', the tunnel-warning header
 * of docs/api.md#conventions, JSON bodies, a 30 s timeout. fetchBaseQuery itself is not used because importing it
 * brings all of RTK Query's core to /login (its module is one file), which only needs this.
 */
export async function fetchJson(args: string | FetchArgs, signal?: AbortSignal): Promise<FetchResult> {
  const request = typeof args === 'string' ? { url: args } : args;
  const headers = new Headers(request.headers as HeadersInit | undefined);
  const token = tokenStorage.access();
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  headers.set('ngrok-skip-browser-warning', 'true');
  if (request.body !== undefined) headers.set('content-type', 'application/json');
  // One controller for both the caller's abort and the timeout (AbortSignal.any is too recent for
  // some of the learners' phones).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let sent: Request | undefined;
  let response: Response;
  try {
    sent = new Request(urlOf(request), {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: controller.signal,
    });
    response = await fetch(sent);
  } catch (error) {
    return {
      error: { status: timedOut ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', error: String(error) },
      ...(sent ? { meta: { request: sent } } : {}),
    };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  const meta = { request: sent, response };
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
