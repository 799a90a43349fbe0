/** Test helpers for components that call the API: scripted answers of the fake server, recording the calls. */
import { answerCalls, type Call } from './server';

export type { Call };

export type Reply = { status: number; body: unknown };
export const ok = (data: unknown, message = 'ok'): Reply => ({ status: 200, body: { message, data } });
export const fail = (status: number, message = 'error'): Reply => ({ status, body: { message, data: null } });

/** Answers every API call with `handle` (the fake server, test/server.ts); returns the calls made, `path` without the query. */
export function mockFetch(handle: (call: Call) => Reply) {
  const calls: Call[] = [];
  answerCalls((request) => {
    const call = { ...request, path: request.url.pathname };
    calls.push(call);
    return handle(call);
  });
  return calls;
}
