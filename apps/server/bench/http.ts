/** The load side's HTTP client (keep-alive, never throws) and a bounded pool of concurrent work. */
import http from 'node:http';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

export interface Res {
  status: number;
  body: Any;
  ms: number;
}

export function createClient(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4096 });
  function request(
    method: string,
    path: string,
    token: string,
    body?: unknown,
    timeoutMs = 60_000,
  ): Promise<Res> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    return new Promise((resolve) => {
      const req = http.request(
        `${base}${path}`,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            let parsed: Any = null;
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              parsed = null;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - started });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0, body: null, ms: performance.now() - started }));
      if (payload) req.write(payload);
      req.end();
    });
  }
  return { request, close: () => agent.destroy() };
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function pooled<T, R>(
  items: T[],
  limit: number,
  work: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}
