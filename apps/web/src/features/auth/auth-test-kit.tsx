/** Test helpers for the accounts screens: a fetch stand-in that plays the server, and routes to land on. */
import type { Session, User } from '@ai-tutor/contract';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { vi } from 'vitest';
import { renderRoutes, testUser } from '../../test/render';

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
export interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}
type Handler = (call: Call) => Reply | Promise<Reply>;

/**
 * Node's Request refuses relative URLs such as '/api/v1/…' (a browser resolves them against the page);
 * this stubs it the browser's way and answers each "METHOD /path" from `routes`. Unknown calls: 404.
 */
export function fakeServer(routes: Record<string, Handler | Reply>) {
  const NodeRequest = globalThis.Request;
  class BrowserRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.origin).href : input, init);
    }
  }
  vi.stubGlobal('Request', BrowserRequest);
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: Call = {
      method: request.method,
      path: url.pathname + url.search,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    const route = routes[`${call.method} ${url.pathname}`];
    const reply: Reply = typeof route === 'function' ? await route(call) : (route ?? { status: 404 });
    return new Response(JSON.stringify(reply.body ?? { message: 'Route not found', data: null }), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const ok = <T,>(data: T, message = 'ok'): Reply => ({ body: { message, data } });
export const fail = (status: number, message: string, headers?: Record<string, string>): Reply => ({
  status,
  body: { message, data: null },
  headers,
});

export const session = (user: Partial<User> = {}): Session => ({
  user: testUser(user),
  tokens: { access_token: 'access.jwt.token', refresh_token: 'refresh-token-1' },
});

/** The screen at `path` plus a marker page at each place it may send the user. */
export function renderAuthScreen(
  element: ReactElement,
  { route, path = route, user }: { route: string; path?: string; user?: User },
) {
  const landing = [
    '/login',
    '/exams',
    '/verify-user',
    '/verify-invite',
    '/reset-password',
    '/verify-otp/:email',
  ];
  const routes: RouteObject[] = [
    { path: route, element },
    ...landing.filter((p) => p !== route).map((p) => ({ path: p, element: <p>landed on {p}</p> })),
  ];
  return renderRoutes(routes, path, user);
}
