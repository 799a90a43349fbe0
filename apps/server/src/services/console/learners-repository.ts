import type { LearnerRow, LearnersPage } from '@ai-tutor/contract';
import { and, asc, count, eq, ilike, inArray, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  assessments,
  batchMembers,
  batches,
  batchTeachers,
  refreshTokens,
  userRoles,
  users,
} from '../../db/schema.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The outer row's id, qualified: drizzle writes columns in a sql template without their table. */
const userId = sql.raw('"users"."id"');

const attempts = sql<number>`(select count(*)::int from ${assessments} where ${assessments.userId} = ${userId})`;
/** The latest of a sign-in or refresh (a session's token) and a started attempt. */
const lastActive = sql<Date | string | null>`greatest(
  (select max(${assessments.startTime}) from ${assessments} where ${assessments.userId} = ${userId}),
  (select max(${refreshTokens.createdAt}) from ${refreshTokens} where ${refreshTokens.userId} = ${userId})
)`;

const inBatchesOf = (teacherId: string) =>
  sql`(select ${batchTeachers.batchId} from ${batchTeachers} where ${batchTeachers.userId} = ${teacherId})`;

/** Learners (accounts with no console role) as the console lists them (docs/decisions/0022-batches-and-learners.md). */
export const learnersRepository = {
  /** `teacherId`: only learners of the batches that teacher is assigned to, and only those batches shown. */
  async page(
    db: DbOrTx,
    query: { page: number; limit: number; search?: string | undefined; batchId?: string | undefined },
    teacherId?: string,
  ): Promise<LearnersPage> {
    const filters: (SQL | undefined)[] = [
      isNull(users.deletedAt),
      notExists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .where(eq(userRoles.userId, users.id)),
      ),
    ];
    if (query.search) {
      const pattern = `%${escapeLike(query.search)}%`;
      filters.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
    }
    const memberOf = (batchIds: SQL) =>
      inArray(
        users.id,
        sql`(select ${batchMembers.userId} from ${batchMembers} where ${batchMembers.batchId} in ${batchIds})`,
      );
    if (query.batchId) filters.push(memberOf(sql`(${query.batchId}::uuid)`));
    if (teacherId) filters.push(memberOf(inBatchesOf(teacherId)));
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          verified: users.verified,
          disabledAt: users.disabledAt,
          extraTimePercent: users.extraTimePercent,
          extraTimeMinutes: users.extraTimeMinutes,
          attempts,
          lastActive,
        })
        .from(users)
        .where(where)
        .orderBy(asc(users.email))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ total: count() }).from(users).where(where),
    ]);
    const ids = rows.map((row) => row.id);
    const memberships = ids.length
      ? await db
          .select({ userId: batchMembers.userId, id: batches.id, name: batches.name })
          .from(batchMembers)
          .innerJoin(batches, eq(batches.id, batchMembers.batchId))
          .where(
            and(
              inArray(batchMembers.userId, ids),
              teacherId ? inArray(batches.id, inBatchesOf(teacherId)) : undefined,
            ),
          )
          .orderBy(asc(batches.name))
      : [];
    return {
      total: total?.total ?? 0,
      rows: rows.map((row): LearnerRow => ({
        id: row.id,
        name: row.name,
        email: row.email,
        verified: row.verified,
        disabled: row.disabledAt !== null,
        batches: memberships.filter((m) => m.userId === row.id).map(({ id, name }) => ({ id, name })),
        lastActiveAt: row.lastActive === null ? null : new Date(row.lastActive).toISOString(),
        attempts: Number(row.attempts),
        extraTimePercent: row.extraTimePercent,
        extraTimeMinutes: row.extraTimeMinutes,
      })),
    };
  },

  /** The learner's row, locked: undefined for an unknown id or an account with a console role. */
  async lockLearner(tx: DbOrTx, id: string) {
    const [row] = await tx
      .select({
        id: users.id,
        email: users.email,
        disabledAt: users.disabledAt,
        extraTimePercent: users.extraTimePercent,
        extraTimeMinutes: users.extraTimeMinutes,
      })
      .from(users)
      .where(
        and(
          eq(users.id, id),
          isNull(users.deletedAt),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(userRoles)
              .where(eq(userRoles.userId, users.id)),
          ),
        ),
      )
      .for('update');
    return row;
  },

  /** Disabling ends every session at once: refresh tokens revoked, access tokens of the old generation refused. */
  async setDisabled(tx: DbOrTx, id: string, disabled: boolean): Promise<number> {
    const [row] = await tx
      .update(users)
      .set(
        disabled
          ? {
              disabledAt: new Date(),
              sessionGeneration: sql`${users.sessionGeneration} + 1`,
              updatedAt: new Date(),
            }
          : { disabledAt: null, updatedAt: new Date() },
      )
      .where(eq(users.id, id))
      .returning({ generation: users.sessionGeneration });
    if (disabled)
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, id), isNull(refreshTokens.revokedAt)));
    return row?.generation ?? 0;
  },
};
