import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { staffRole } from '@ai-tutor/contract';
import { z } from 'zod';

/**
 * While the server holds the embedded store, the CLI cannot open it; the server leaves this file in
 * DATA_DIR (readable by its owner only) so the CLI can ask it instead: where it listens, on loopback,
 * and the random token that admin route requires. Whoever can read DATA_DIR can read the database
 * files anyway, so the file grants nothing they could not already do.
 */
export interface AdminAccess {
  url: string;
  token: string;
  pid: number;
}

const FILE = 'admin-access.json';

export const newAdminToken = () => randomBytes(32).toString('base64url');

export function writeAdminAccess(dataDir: string, access: AdminAccess): void {
  const file = join(dataDir, FILE);
  // Removed first: a mode given to writeFileSync applies only to a file it creates.
  rmSync(file, { force: true });
  writeFileSync(file, JSON.stringify(access), { mode: 0o600, flag: 'wx' });
}

export function readAdminAccess(dataDir: string): AdminAccess | null {
  try {
    const access = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as Partial<AdminAccess>;
    if (typeof access.url !== 'string' || typeof access.token !== 'string' || typeof access.pid !== 'number')
      return null;
    return { url: access.url, token: access.token, pid: access.pid };
  } catch {
    return null;
  }
}

/** Removes the file if it is still this token's (a newer server may have replaced it). */
export function removeAdminAccess(dataDir: string, token: string): void {
  if (readAdminAccess(dataDir)?.token === token) rmSync(join(dataDir, FILE), { force: true });
}

/** Constant-time: digests first, so neither the length nor a prefix of the token leaks by timing. */
export function tokenMatches(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * A connection from this machine: a loopback peer, or a peer on the very address it reached (the
 * server listening on one interface's address, the CLI connecting to it). The socket's own addresses,
 * never X-Forwarded-For, which TRUST_PROXY would believe.
 */
export function fromThisMachine(socket: { remoteAddress?: string; localAddress?: string }): boolean {
  const remote = socket.remoteAddress;
  if (!remote) return false;
  return LOOPBACK.test(remote) || remote === socket.localAddress;
}

/** The address a local client should use to reach a server listening on `host`. */
export function localUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://127.0.0.1:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

// ── The admin channel's requests and replies (the CLI sends, routes/api/admin answers) ─────────────

export const ADMIN_INVITES_PATH = '/api/admin/invites';
export const ADMIN_ROLES_PATH = '/api/admin/roles';

/** What `--code` accepts: 4 to 64 letters, digits or dashes, not starting or ending with a dash. */
export const INVITE_CODE = /^[A-Z0-9][A-Z0-9-]{2,62}[A-Z0-9]$/;
export const MAX_INVITE_USES = 1_000_000;

export const adminInviteRequest = z.object({
  code: z.string().regex(INVITE_CODE).optional(),
  maxUses: z.number().int().min(1).max(MAX_INVITE_USES).default(1),
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((text) => new Date(text) > new Date(), 'is in the past')
    .nullable()
    .default(null),
});
export type AdminInviteRequest = z.input<typeof adminInviteRequest>;

export const adminInvite = z.object({
  code: z.string(),
  uses: z.number(),
  maxUses: z.number(),
  expiresAt: z.string().nullable(),
});
export type AdminInvite = z.infer<typeof adminInvite>;

export const adminRoleRequest = z.object({
  email: z.email().max(254),
  role: staffRole,
  action: z.enum(['grant', 'revoke']),
});
export type AdminRoleRequest = z.infer<typeof adminRoleRequest>;
export const adminRoleReply = z.object({ changed: z.boolean(), roles: z.array(staffRole) });
export type AdminRoleReply = z.infer<typeof adminRoleReply>;
