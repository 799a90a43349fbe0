/** Test helpers for the accounts screens: the fake server's answers, and routes to land on. */
import type { Session, User } from '@ai-tutor/contract';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls, type Call, type Reply } from '../../test/server';

export type { Call, Reply };

type Handler = (call: Call) => Reply | Promise<Reply>;

/** Plays the server (MSW, test/server.ts): answers each "METHOD /path" from `routes`; others get 404. */
export function fakeServer(routes: Record<string, Handler | Reply>) {
  const calls = answerCalls((call) => {
    const route = routes[`${call.method} ${call.url.pathname}`];
    return typeof route === 'function' ? route(call) : route;
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
