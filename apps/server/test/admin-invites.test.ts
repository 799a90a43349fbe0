import { adminMessages } from '@ai-tutor/contract';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsCommands } from '../src/cli/accounts-commands.js';
import { inviteCodes } from '../src/db/schema.js';
import { readAdminAccess, type AdminAccess } from '../src/lib/admin-access.js';
import { buildTestApp, useTestApp } from './helpers/app.js';

/**
 * The embedded store admits one process, the server; `npm run cli -- invites …` then goes through the
 * server's loopback admin route, with the token the server wrote into DATA_DIR.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'ai-tutor-admin-'));
let access: AdminAccess;
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
});
// No DATABASE_URL: the configuration of the embedded store in DATA_DIR, the case the route serves.
const t = useTestApp({ DATABASE_URL: undefined, DATA_DIR: dataDir, PORT: '4321' });
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  access = readAdminAccess(dataDir)!;
});
afterEach(() => vi.restoreAllMocks());

async function cliOnServer(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
  const code = await accountsCommands.invites!.runOnServer!({ server: access, args });
  vi.restoreAllMocks();
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const post = (headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/admin/invites', headers, payload });

describe('the admin route the CLI uses while the server runs', () => {
  it('is announced in DATA_DIR, readable by its owner only, with where the server listens', () => {
    expect(access.pid).toBe(process.pid);
    expect(access.url).toBe(`http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`);
    expect(statSync(join(dataDir, 'admin-access.json')).mode & 0o077).toBe(0);
  });

  it('creates and lists invite codes, printing the server’s register URL', async () => {
    const created = await cliOnServer('create', '--code', 'while-running', '--max-uses', '7');
    expect(created.code, created.err).toBe(0);
    expect(created.out).toBe(
      'Invite code: WHILE-RUNNING\nUses: 0/7\nExpires: never\nRegister at http://localhost:4321/register',
    );
    const listed = await cliOnServer('list');
    expect(listed.out).toMatch(/^WHILE-RUNNING\s+0\/7\s+never\s+usable$/m);

    const again = await cliOnServer('create', '--code', 'WHILE-RUNNING');
    expect(again.code).toBe(1);
    expect(again.err).toBe(adminMessages.inviteTaken('WHILE-RUNNING'));
    const bad = await cliOnServer('create', '--max-uses', '0');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/--max-uses "0" is not valid/);
  });

  it('refuses a missing or wrong token (401) and writes nothing', async () => {
    const before = await t.app.db.select().from(inviteCodes);
    expect((await post({})).statusCode).toBe(401);
    expect((await post({ authorization: `Bearer ${access.token}x` })).statusCode).toBe(401);
    expect((await post({ authorization: access.token })).statusCode).toBe(401);
    expect((await post({})).json()).toEqual({ message: 'Authentication required', data: null });
    expect(await t.app.db.select().from(inviteCodes)).toEqual(before);
  });

  it('does not exist for another machine or a proxied request, even with the token', async () => {
    const authorization = `Bearer ${access.token}`;
    const remote = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invites',
      remoteAddress: '203.0.113.9',
      headers: { authorization },
      payload: {},
    });
    expect(remote.statusCode).toBe(404);
    expect((await post({ authorization, 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await post({ authorization, forwarded: 'for=203.0.113.9' })).statusCode).toBe(404);
  });

  it('refuses bad input with a 400 envelope', async () => {
    const res = await post({ authorization: `Bearer ${access.token}` }, { maxUses: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: null });
    const past = await post(
      { authorization: `Bearer ${access.token}` },
      { expiresAt: '2001-01-01T00:00:00Z' },
    );
    expect(past.statusCode).toBe(400);
  });

  it('is not in the OpenAPI document', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    // The CLI's channel is hidden; the console's own API (/api/v1/admin/…) is documented.
    expect(docs.body).not.toContain('"/api/admin/');
  });
});

describe('the admin route with PostgreSQL or an in-memory store', () => {
  it('does not exist: the CLI opens those itself', async () => {
    const memory = await buildTestApp();
    try {
      const res = await memory.app.inject({ method: 'POST', url: '/api/admin/invites', payload: {} });
      expect(res.statusCode).toBe(404);
    } finally {
      await memory.close();
    }
  });
});
