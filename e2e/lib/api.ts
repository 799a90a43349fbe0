import type { Session } from './learner.js';

/** Calls through the HTTP API as `session`: `data` of a 2xx, else the status and message. */
export function apiAs(baseURL: string, session: Session) {
  return async (path: string, body?: unknown) => {
    const res = await fetch(`${baseURL}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${session.tokens.access_token}`,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- loosely typed API fixture
    const json = (await res.json()) as { message: string; data: any };
    return { status: res.status, message: json.message, data: json.data };
  };
}

/** Runs `work` over the items with at most `size` in flight (a class's burst, not all at once). */
export async function inPool<T, R>(items: T[], size: number, work: (item: T, i: number) => Promise<R>) {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return out;
}
