import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { refreshTokens } from '../../db/schema.js';
import { generateOpaqueToken, type SecretHasher } from './codes.js';

/** Seconds after a rotation during which the rotated token still yields the same successor. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/** How far a late tab may follow a chain of quick rotations before it is treated as reuse. */
const MAX_GRACE_STEPS = 5;

const HASH_LABEL = 'refresh-token';
const SUCCESSOR_LABEL = 'refresh-token-successor';

export type RotateResult = { ok: true; userId: string; token: string } | { ok: false };

/**
 * Opaque refresh tokens (256 random bits), stored as HMAC hashes, grouped in families (one sign-in).
 *
 * Rotation: the successor of token T is HMAC(secret, T), not a fresh random value. The server therefore
 * never stores a usable token, yet can re-derive the successor when T is presented again. Presenting a
 * rotated T within REFRESH_REUSE_GRACE_SECONDS (two tabs refreshing together) returns that same
 * successor; presenting it later is reuse of a stolen or leaked token and revokes the whole family.
 */
// Long only as a whole: short methods sharing the store, the hasher and the lifetime.
export function createRefreshTokens(db: Db, hasher: SecretHasher, ttlSeconds: number) {
  const hashOf = (token: string) => hasher.hash(HASH_LABEL, token);
  const successorOf = (token: string) => hasher.derive(SUCCESSOR_LABEL, token);
  const expiry = () => new Date(Date.now() + ttlSeconds * 1000);
  const findByToken = async (token: string) =>
    (
      await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashOf(token)))
    )[0];

  const revokeFamily = async (familyId: string, executor: DbOrTx = db) => {
    await executor
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  };

  /** The token a client should hold after `token` was rotated, if that happened within the grace. */
  const graceSuccessor = async (token: string, rotatedAt: Date): Promise<string | null> => {
    let current = token;
    let currentRotatedAt: Date | null = rotatedAt;
    for (let step = 0; step < MAX_GRACE_STEPS; step++) {
      if (!currentRotatedAt) return current;
      if (Date.now() - currentRotatedAt.getTime() > REFRESH_REUSE_GRACE_SECONDS * 1000) return null;
      const next = successorOf(current);
      const row = await findByToken(next);
      if (!row || row.revokedAt || row.expiresAt <= new Date()) return null;
      current = next;
      currentRotatedAt = row.rotatedAt;
    }
    return null;
  };

  return {
    /** A new token: of a new family (sign-in), or of `familyId`. */
    async issue(userId: string, executor: DbOrTx = db): Promise<string> {
      const token = generateOpaqueToken();
      await executor
        .insert(refreshTokens)
        .values({ userId, familyId: randomUUID(), tokenHash: hashOf(token), expiresAt: expiry() });
      return token;
    },

    async rotate(token: string): Promise<RotateResult> {
      const row = await findByToken(token);
      if (!row || row.revokedAt || row.expiresAt <= new Date()) return { ok: false };

      if (!row.rotatedAt) {
        const successor = successorOf(token);
        const successorId = randomUUID();
        // The conditional UPDATE takes the row lock: of two concurrent rotations exactly one wins; the
        // other waits, finds the row rotated and goes down the grace path below.
        const won = await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(refreshTokens)
            .set({ rotatedAt: new Date(), replacedById: successorId })
            .where(
              and(
                eq(refreshTokens.id, row.id),
                isNull(refreshTokens.rotatedAt),
                isNull(refreshTokens.revokedAt),
              ),
            )
            .returning({ id: refreshTokens.id });
          if (!claimed) return false;
          await tx.insert(refreshTokens).values({
            id: successorId,
            userId: row.userId,
            familyId: row.familyId,
            tokenHash: hashOf(successor),
            expiresAt: expiry(),
          });
          return true;
        });
        if (won) return { ok: true, userId: row.userId, token: successor };
      }

      const fresh = await findByToken(token);
      if (!fresh || fresh.revokedAt || !fresh.rotatedAt) return { ok: false };
      const successor = await graceSuccessor(token, fresh.rotatedAt);
      if (successor) return { ok: true, userId: fresh.userId, token: successor };
      await revokeFamily(fresh.familyId);
      return { ok: false };
    },

    /** Logout: the family of `token` (rotated or not) is revoked; an unknown token is a no-op. */
    async revokeFamilyOf(token: string): Promise<void> {
      const row = await findByToken(token);
      if (row) await revokeFamily(row.familyId);
    },

    /** Password reset: every session of the user ends. */
    async revokeAllForUser(userId: string, executor: DbOrTx = db): Promise<void> {
      await executor
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}
export type RefreshTokens = ReturnType<typeof createRefreshTokens>;
