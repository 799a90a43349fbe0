import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { refreshTokens, users, verifications } from '../src/db/schema.js';
import { purgeExpired } from '../src/services/accounts/retention.js';
import { useTestApp } from './helpers/app.js';
import { createLearner } from './helpers/learner.js';

// docs/decisions/0023-learners-data-and-backups.md: what is kept no longer than needed goes on a schedule.
const t = useTestApp();

const ageUser = (id: string, days: number) =>
  t.app.db
    .update(users)
    .set({ createdAt: sql`now() - make_interval(days => ${days}::int)` })
    .where(eq(users.id, id));

const token = (userId: string, values: Partial<typeof refreshTokens.$inferInsert>) =>
  t.app.db
    .insert(refreshTokens)
    .values({
      userId,
      familyId: randomUUID(),
      tokenHash: randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
      ...values,
    })
    .returning({ id: refreshTokens.id });

describe('the retention purge', () => {
  it('removes old unverified accounts, expired codes and dead refresh tokens, once, however many instances run it', async () => {
    const oldUnverified = await createLearner(t.app, { verified: false });
    const youngUnverified = await createLearner(t.app, { verified: false });
    const oldVerified = await createLearner(t.app);
    await ageUser(oldUnverified.id, 31);
    await ageUser(youngUnverified.id, 29);
    await ageUser(oldVerified.id, 400);

    const [expired] = await token(oldVerified.id, { expiresAt: new Date(Date.now() - 1000) });
    const [revokedLongAgo] = await token(oldVerified.id, {
      revokedAt: new Date(Date.now() - 2 * 86_400_000),
    });
    const [revokedJustNow] = await token(oldVerified.id, { revokedAt: new Date() });
    const [live] = await token(oldVerified.id, {});
    const codeOf = (target: string, expiresAt: Date) =>
      t.app.db
        .insert(verifications)
        .values({ purpose: 'verify-account', target, codeHash: 'h', expiresAt })
        .returning({ id: verifications.id });
    const [oldCode] = await codeOf(randomUUID(), new Date(Date.now() - 1000));
    const [freshCode] = await codeOf(randomUUID(), new Date(Date.now() + 600_000));

    const rules = t.config.retention;
    expect(rules.unverifiedAccountDays).toBe(30);
    // Two instances at once, then a third later: each row goes once and nothing fails.
    const runs = await Promise.all([purgeExpired(t.app.db, rules), purgeExpired(t.app.db, rules)]);
    const total = (key: keyof (typeof runs)[number]) => runs.reduce((n, run) => n + run[key], 0);
    expect(total('unverifiedAccounts')).toBeGreaterThanOrEqual(1);
    expect(total('refreshTokens')).toBeGreaterThanOrEqual(2);
    expect(await purgeExpired(t.app.db, rules)).toEqual({
      unverifiedAccounts: 0,
      codes: 0,
      refreshTokens: 0,
    });

    const left = (await t.app.db.select({ id: users.id }).from(users)).map((row) => row.id);
    expect(left).not.toContain(oldUnverified.id);
    expect(left).toEqual(expect.arrayContaining([youngUnverified.id, oldVerified.id]));
    const tokens = await t.app.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(inArray(refreshTokens.id, [expired!.id, revokedLongAgo!.id, revokedJustNow!.id, live!.id]));
    expect(tokens.map((row) => row.id).sort()).toEqual([revokedJustNow!.id, live!.id].sort());
    const codes = await t.app.db
      .select({ id: verifications.id })
      .from(verifications)
      .where(inArray(verifications.id, [oldCode!.id, freshCode!.id]));
    expect(codes).toEqual([{ id: freshCode!.id }]);
  });

  it('is configured with validated variables', () => {
    const base = { NODE_ENV: 'test', DATABASE_URL: 'memory://' };
    expect(
      loadConfig({ ...base, UNVERIFIED_ACCOUNT_DAYS: '7', RETENTION_INTERVAL_SECONDS: '600' }).retention,
    ).toEqual({
      intervalSeconds: 600,
      unverifiedAccountDays: 7,
    });
    expect(() => loadConfig({ ...base, UNVERIFIED_ACCOUNT_DAYS: '0' })).toThrow(/UNVERIFIED_ACCOUNT_DAYS/);
    expect(() => loadConfig({ ...base, RETENTION_INTERVAL_SECONDS: 'soon' })).toThrow(
      /RETENTION_INTERVAL_SECONDS/,
    );
  });
});
