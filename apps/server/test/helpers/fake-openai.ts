import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions or
 * /chat/completions). It records every request and answers from a script: a valid JSON answer, a
 * malformed one, an HTTP error (429 with Retry-After, 5xx), or an answer slower than the client's
 * timeout. Unscripted requests get a 500.
 */

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
    temperature?: number;
    max_tokens?: number;
    [key: string]: unknown;
  };
}

export interface ScriptedReply {
  status?: number;
  /** The assistant message content (200 answers). */
  content?: string;
  /** A raw body instead of a chat completion. */
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export const reply = {
  /** A completion whose content is `value` as JSON. */
  json: (value: unknown, usage?: ScriptedReply['usage']): ScriptedReply => ({
    content: JSON.stringify(value),
    ...(usage ? { usage } : {}),
  }),
  /** A completion whose content is this text as it is (not JSON, or not the expected shape). */
  text: (content: string): ScriptedReply => ({ content }),
  rateLimited: (retryAfterMs = 10): ScriptedReply => ({
    status: 429,
    body: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
    headers: { 'retry-after-ms': String(retryAfterMs) },
  }),
  serverError: (status = 500): ScriptedReply => ({
    status,
    body: { error: { message: 'The server had an error', type: 'server_error' } },
    headers: { 'retry-after-ms': '5' },
  }),
  /** Answers only after `delayMs`: beyond the client's timeout. */
  slow: (delayMs: number, then: ScriptedReply = reply.json({})): ScriptedReply => ({ ...then, delayMs }),
};

export interface FakeOpenAi {
  /** The base URL to set as AI_BASE_URL (ends in /v1). */
  url: string;
  requests: RecordedRequest[];
  /** Queues replies, answered in order. */
  script: (...replies: ScriptedReply[]) => void;
  /** Replies used once the script is empty (instead of a 500). */
  setFallback: (make: ((request: RecordedRequest) => ScriptedReply) | null) => void;
  reset: () => void;
  close: () => Promise<void>;
}

function completion(r: ScriptedReply, model: string) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: r.content ?? '' }, finish_reason: 'stop' }],
    usage: r.usage ?? { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
  };
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  let queue: ScriptedReply[] = [];
  let fallback: ((request: RecordedRequest) => ScriptedReply) | null = null;

  const send = (res: ServerResponse, r: ScriptedReply, model: string) => {
    if (res.destroyed) return;
    const status = r.status ?? 200;
    const payload = r.body !== undefined ? r.body : completion(r, model);
    res.writeHead(status, { 'content-type': 'application/json', ...(r.headers ?? {}) });
    res.end(JSON.stringify(payload));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (req.method !== 'POST' || !/^(\/v1)?\/chat\/completions$/.test(path)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'];
      } catch {
        res.writeHead(400).end();
        return;
      }
      const request: RecordedRequest = { path, headers: req.headers, body };
      requests.push(request);
      const next = queue.shift() ?? fallback?.(request) ?? reply.serverError(500);
      if (next.delayMs) setTimeout(() => send(res, next, body.model), next.delayMs);
      else send(res, next, body.model);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    setFallback: (make) => {
      fallback = make;
    },
    reset: () => {
      queue = [];
      fallback = null;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Environment for buildTestApp / loadConfig pointing the AI provider at the fake. */
export const aiEnv = (fake: FakeOpenAi, overrides: Record<string, string> = {}) => ({
  AI_BASE_URL: fake.url,
  AI_API_KEY: 'test-key',
  AI_MODEL: 'tutor-test-model',
  AI_TIMEOUT_MS: '2000',
  ...overrides,
});
