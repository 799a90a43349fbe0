import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** How often each instance reads the accounts disabled lately (one indexed read, not one per request). */
export const LOCKOUT_POLL_SECONDS = 1;

/**
 * Disabled learners are refused at once on every route, the signature-only learner routes (save-answer
 * among them) included, without a read per request (docs/decisions/0025-console-people.md): each
 * instance keeps, per account disabled within the last access-token lifetime, the session generation
 * its tokens must reach. The instance that disables learns it in the same request; the others within
 * LOCKOUT_POLL_SECONDS from `users_disabled_at` (a partial index over the few disabled accounts). A
 * token older than the access-token lifetime has expired anyway, so an entry is dropped after that.
 */
export function createLockouts(ttlSeconds: number) {
  const floors = new Map<string, { generation: number; untilMs: number }>();
  const keepMs = (ttlSeconds + 2 * LOCKOUT_POLL_SECONDS) * 1000;

  const lock = (userId: string, generation: number) => {
    const entry = floors.get(userId);
    if (!entry || entry.generation <= generation)
      floors.set(userId, { generation, untilMs: Date.now() + keepMs });
  };

  return {
    /** True when a token of `generation` belongs to a session ended by a disable. A map read. */
    refuses(userId: string, generation: number): boolean {
      const entry = floors.get(userId);
      return entry !== undefined && generation < entry.generation;
    },
    /** The account was disabled here: tokens of generations below `generation` are refused from now. */
    lock,
    /** Reads the accounts disabled within the token lifetime (every instance, each poll). */
    async refresh(db: DbOrTx): Promise<void> {
      const result = await db.execute(sql`
        SELECT id, session_generation FROM users
        WHERE disabled_at IS NOT NULL AND disabled_at > now() - make_interval(secs => ${ttlSeconds}::int)`);
      for (const row of result.rows as { id: string; session_generation: number }[])
        lock(row.id, Number(row.session_generation));
      const now = Date.now();
      for (const [userId, entry] of floors) if (entry.untilMs < now) floors.delete(userId);
    },
    get size() {
      return floors.size;
    },
  };
}
export type Lockouts = ReturnType<typeof createLockouts>;
