/** Test helpers for the AI tutor components: a scripted fetch that records the calls. */
import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}
export type Reply = { status: number; body: unknown };
export const ok = (data: unknown, message = 'ok'): Reply => ({ status: 200, body: { message, data } });
export const fail = (status: number, message = 'error'): Reply => ({ status, body: { message, data: null } });

/** Node's Request refuses relative URLs ('/api/…') that a browser resolves against the page. */
function allowRelativeRequests() {
  const NodeRequest = globalThis.Request;
  class BrowserRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.origin).href : input, init);
    }
  }
  vi.stubGlobal('Request', BrowserRequest);
}

export function mockFetch(handle: (call: Call) => Reply) {
  allowRelativeRequests();
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.text();
    const call = {
      method: request.method,
      path: url.pathname,
      url,
      body: text ? (JSON.parse(text) as unknown) : null,
    };
    calls.push(call);
    const reply = handle(call);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
