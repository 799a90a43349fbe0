import type { AdminAccess } from '../lib/admin-access.js';

export type ServerReply<T> = { ok: true; data: T; message: string } | { ok: false; message: string };

/**
 * One call to the running server's admin channel (routes/api/admin/): its envelope, or why not.
 * For the commands that work while the server holds the embedded store.
 */
export async function askServer<T>(
  server: AdminAccess,
  path: string,
  init: { method: string; body?: unknown },
): Promise<ServerReply<T>> {
  let response: Response;
  try {
    response = await fetch(`${server.url}${path}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${server.token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return { ok: false, message: `Could not reach the running server at ${server.url}.` };
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string; data?: T };
  if (!response.ok) return { ok: false, message: body.message ?? `HTTP ${response.status}` };
  return { ok: true, data: body.data as T, message: body.message ?? '' };
}
