import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface RetentionRules {
  /** Unverified accounts older than this many days are deleted. */
  unverifiedAccountDays: number;
}

export interface Purged {
  unverifiedAccounts: number;
  codes: number;
  refreshTokens: number;
}

/**
 * What the app keeps no longer than it needs (docs/decisions/0023-learners-data-and-backups.md):
 * unverified accounts older than the limit (never one holding a role or a session), one-time codes
 * past their expiry, refresh tokens expired or revoked — a revoked one is kept a day, so a stolen
 * token presented again within it is still recognised as reuse of its family.
 *
 * Each is one DELETE of rows matching a condition: run by several instances at once, each row goes
 * once, a second run finds nothing, and no lock is needed.
 */
export async function purgeExpired(db: DbOrTx, rules: RetentionRules): Promise<Purged> {
  const count = async (statement: ReturnType<typeof sql>) => (await db.execute(statement)).rows.length;
  const unverifiedAccounts = await count(sql`
    DELETE FROM users u
     WHERE u.verified = false
       AND u.created_at < now() - make_interval(days => ${rules.unverifiedAccountDays}::int)
       AND NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id)
       AND NOT EXISTS (SELECT 1 FROM assessments a WHERE a.user_id = u.id)
    RETURNING u.id`);
  const codes = await count(sql`DELETE FROM verifications WHERE expires_at < now() RETURNING id`);
  const refreshTokens = await count(sql`
    DELETE FROM refresh_tokens
     WHERE expires_at < now() OR revoked_at < now() - interval '1 day'
    RETURNING id`);
  return { unverifiedAccounts, codes, refreshTokens };
}
