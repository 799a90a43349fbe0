import type { AuditEntry, AuditPage } from '@ai-tutor/contract';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

/** Who did it: a signed-in user of the console, or the command line (no user). */
export type Actor = { userId: string; label: string } | { userId: null; label: 'cli' };
export const CLI_ACTOR: Actor = { userId: null, label: 'cli' };

export interface AuditWrite {
  action: string;
  objectType: string;
  objectId: string;
  objectLabel?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The one audit writer: every console and CLI write calls it with the transaction of the write it
 * records, so a write and its row commit or roll back together (docs/decisions/0020-roles-audit-console.md).
 */
export const auditRepository = {
  async write(tx: DbOrTx, actor: Actor, entry: AuditWrite): Promise<void> {
    await tx.insert(auditLog).values({
      actorId: actor.userId,
      actorLabel: actor.label,
      action: entry.action,
      objectType: entry.objectType,
      objectId: entry.objectId,
      objectLabel: entry.objectLabel ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? null,
    });
  },

  /** Newest first; `actor` matches part of the actor's email, `object` a type or `type:id`. */
  async page(
    db: DbOrTx,
    query: { page: number; limit: number; actor?: string | undefined; object?: string | undefined },
  ): Promise<AuditPage> {
    const filters: SQL[] = [];
    if (query.actor) filters.push(ilike(auditLog.actorLabel, `%${escapeLike(query.actor)}%`));
    if (query.object) {
      const [type, ...rest] = query.object.split(':');
      filters.push(eq(auditLog.objectType, type!));
      if (rest.length) filters.push(eq(auditLog.objectId, rest.join(':')));
    }
    const where = filters.length ? and(...filters) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ total: count() }).from(auditLog).where(where),
    ]);
    return {
      total: total?.total ?? 0,
      rows: rows.map((row): AuditEntry => ({
        id: row.id,
        at: row.at.toISOString(),
        actorId: row.actorId,
        actor: row.actorLabel,
        action: row.action,
        objectType: row.objectType,
        objectId: row.objectId,
        objectLabel: row.objectLabel,
        before: row.before ?? null,
        after: row.after ?? null,
        reason: row.reason,
      })),
    };
  },
};
