import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The one fake server of the web tests (MSW): tests add their answers with `server.use(...)`; a call to
 * the API that no test answers gets the server's 404, anything else fails the test.
 */
export const server = setupServer(
  http.all('*/api/*', () => HttpResponse.json({ message: 'Route not found', data: null }, { status: 404 })),
);

/** A call the app made, as tests check it. */
export interface Call {
  method: string;
  /** Path and query, e.g. '/api/v1/exams?page=1'. */
  path: string;
  url: URL;
  body: unknown;
  authorization: string | null;
}

export async function callOf(request: Request): Promise<Call> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  return {
    method: request.method,
    path: url.pathname + url.search,
    url,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    authorization: request.headers.get('authorization'),
  };
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const replyWith = (reply: Reply) =>
  HttpResponse.json((reply.body ?? { message: 'Route not found', data: null }) as object, {
    status: reply.status ?? 200,
    headers: reply.headers,
  });

/** Answers every API call with `answer` (undefined: the 404 above), recording them in order. */
export function answerCalls(
  answer: (call: Call) => Reply | 'network-error' | undefined | Promise<Reply | undefined>,
) {
  const calls: Call[] = [];
  server.use(
    http.all('*/api/*', async ({ request }) => {
      const call = await callOf(request);
      calls.push(call);
      const reply = await answer(call);
      if (reply === 'network-error') return HttpResponse.error();
      return reply === undefined ? undefined : replyWith(reply);
    }),
  );
  return calls;
}
