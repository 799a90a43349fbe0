import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { inviteCodes } from '../../db/schema.js';
import { invites } from './invites.js';

/** How many people the first printed code lets in; more codes come from `npm run cli -- invites create`. */
export const FIRST_INVITE_MAX_USES = 5;
const FIRST_INVITE_LOCK = 727_275;

/**
 * On a database with no invite code at all, creates one and prints it with the register URL, so a
 * newcomer can sign up at once. A transaction-scoped advisory lock keeps two instances starting together
 * from creating two.
 */
export async function ensureFirstInviteCode(server: FastifyInstance): Promise<string | null> {
  const created = await server.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_INVITE_LOCK})`);
    const [any] = await tx.select({ id: inviteCodes.id }).from(inviteCodes).limit(1);
    if (any) return null;
    return invites.create(tx, { maxUses: FIRST_INVITE_MAX_USES });
  });
  if (!created) return null;
  console.log(`Invite code: ${created.code}`);
  console.log(
    `Register at ${server.config.publicUrl}/register with this code (it can be used ${created.maxUses} times).`,
  );
  return created.code;
}
