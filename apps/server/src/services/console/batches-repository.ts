import type { Batch, BatchDetail, BatchMember } from '@ai-tutor/contract';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { batchMembers, batches, batchTeachers, userRoles, users } from '../../db/schema.js';

type BatchRow = typeof batches.$inferSelect;

/** The outer row's id is qualified by hand: drizzle writes columns in a sql template without their table. */
const memberCount = sql<number>`(select count(*)::int from ${batchMembers} where ${batchMembers.batchId} = ${sql.raw('"batches"."id"')})`;

const view = (row: BatchRow, members: number): Batch => ({
  id: row.id,
  name: row.name,
  description: row.description,
  memberCount: members,
  createdAt: row.createdAt.toISOString(),
});

/** Only the batches `teacherId` is assigned to; undefined (an admin) sees every batch. */
const reach = (teacherId: string | undefined): SQL | undefined =>
  teacherId === undefined
    ? undefined
    : inArray(
        batches.id,
        sql`(select ${batchTeachers.batchId} from ${batchTeachers} where ${batchTeachers.userId} = ${teacherId})`,
      );

/** The batches, batch_members and batch_teachers tables (docs/decisions/0022-batches-and-learners.md). */
export const batchesRepository = {
  reach,

  async page(
    db: DbOrTx,
    query: { page: number; limit: number },
    teacherId?: string,
  ): Promise<{ rows: Batch[]; total: number }> {
    const where = reach(teacherId);
    const [rows, [total]] = await Promise.all([
      db
        .select({ row: batches, members: memberCount })
        .from(batches)
        .where(where)
        .orderBy(asc(sql`lower(${batches.name})`), asc(batches.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ total: count() }).from(batches).where(where),
    ]);
    return { rows: rows.map(({ row, members }) => view(row, members)), total: total?.total ?? 0 };
  },

  /** The batch with its members and teachers, or undefined when it is not within the caller's reach. */
  async detail(db: DbOrTx, id: string, teacherId?: string): Promise<BatchDetail | undefined> {
    const [found] = await db
      .select({ row: batches, members: memberCount })
      .from(batches)
      .where(and(eq(batches.id, id), reach(teacherId)));
    if (!found) return undefined;
    const person = { id: users.id, name: users.name, email: users.email };
    const [members, teachers] = await Promise.all([
      db
        .select(person)
        .from(batchMembers)
        .innerJoin(users, eq(users.id, batchMembers.userId))
        .where(eq(batchMembers.batchId, id))
        .orderBy(asc(users.email)),
      db
        .select(person)
        .from(batchTeachers)
        .innerJoin(users, eq(users.id, batchTeachers.userId))
        .where(eq(batchTeachers.batchId, id))
        .orderBy(asc(users.email)),
    ]);
    return { ...view(found.row, found.members), members, teachers };
  },

  /** Locks the batch row, so two writes to one batch audit their true before. */
  async lock(tx: DbOrTx, id: string): Promise<BatchRow | undefined> {
    const [row] = await tx.select().from(batches).where(eq(batches.id, id)).for('update');
    return row;
  },

  async insert(tx: DbOrTx, values: { name: string; description: string | null }): Promise<BatchRow> {
    const [row] = await tx.insert(batches).values(values).returning();
    return row!;
  },

  async update(tx: DbOrTx, id: string, values: { name?: string; description?: string | null }) {
    await tx
      .update(batches)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(batches.id, id));
  },

  async nameTaken(tx: DbOrTx, name: string, exceptId?: string): Promise<boolean> {
    const rows = await tx
      .select({ id: batches.id })
      .from(batches)
      .where(sql`lower(${batches.name}) = lower(${name})`);
    return rows.some((row) => row.id !== exceptId);
  },

  /** The accounts with these emails (any case); with `role`, only those holding it. */
  async usersByEmail(tx: DbOrTx, emails: string[], role?: 'teacher'): Promise<BatchMember[]> {
    const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
    if (!wanted.length) return [];
    const person = { id: users.id, name: users.name, email: users.email };
    if (!role) return tx.select(person).from(users).where(inArray(users.email, wanted));
    return tx
      .select(person)
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), inArray(userRoles.role, [role, 'admin'])))
      .where(inArray(users.email, wanted))
      .groupBy(users.id);
  },

  /** The users actually added (those already in the batch are not). */
  async addMembers(tx: DbOrTx, batchId: string, userIds: string[]): Promise<string[]> {
    if (!userIds.length) return [];
    const added = await tx
      .insert(batchMembers)
      .values(userIds.map((userId) => ({ batchId, userId })))
      .onConflictDoNothing()
      .returning({ userId: batchMembers.userId });
    return added.map((row) => row.userId);
  },

  async removeMembers(tx: DbOrTx, batchId: string, userIds: string[]): Promise<string[]> {
    if (!userIds.length) return [];
    const removed = await tx
      .delete(batchMembers)
      .where(and(eq(batchMembers.batchId, batchId), inArray(batchMembers.userId, userIds)))
      .returning({ userId: batchMembers.userId });
    return removed.map((row) => row.userId);
  },

  async addTeachers(tx: DbOrTx, batchId: string, userIds: string[]): Promise<string[]> {
    if (!userIds.length) return [];
    const added = await tx
      .insert(batchTeachers)
      .values(userIds.map((userId) => ({ batchId, userId })))
      .onConflictDoNothing()
      .returning({ userId: batchTeachers.userId });
    return added.map((row) => row.userId);
  },

  async removeTeachers(tx: DbOrTx, batchId: string, userIds: string[]): Promise<string[]> {
    if (!userIds.length) return [];
    const removed = await tx
      .delete(batchTeachers)
      .where(and(eq(batchTeachers.batchId, batchId), inArray(batchTeachers.userId, userIds)))
      .returning({ userId: batchTeachers.userId });
    return removed.map((row) => row.userId);
  },
};
