import { bankMessages, type BankBulkResult, type SettableStatus } from '@ai-tutor/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { questions, subjects, topics } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { auditRepository, type Actor } from '../console/audit-repository.js';

type BulkAction =
  | { action: 'set-status'; ids: string[]; status: SettableStatus; reason?: string | undefined }
  | { action: 'move'; ids: string[]; topicSlug: string; reason?: string | undefined };

/**
 * An editor's bulk change to a selection of the bank (docs/question-bank.md): all of it or none, one
 * audit row per question changed (its history reads like a single edit's). Questions already as asked
 * are left alone and not counted.
 */
export async function applyBulk(db: Db, actor: Actor, body: BulkAction): Promise<BankBulkResult> {
  const ids = [...new Set(body.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: questions.id,
        status: questions.status,
        topicId: questions.topicId,
        subjectId: questions.subjectId,
      })
      .from(questions)
      .where(inArray(questions.id, ids))
      .for('update');
    if (rows.length < ids.length) throw notFound(bankMessages.questionsNotFound(ids.length - rows.length));

    if (body.action === 'set-status') {
      const changing = rows.filter((row) => row.status !== body.status);
      await change(tx, actor, changing, { status: body.status }, 'question.status', body.reason, (row) => ({
        status: row.status,
      }));
      return { changed: changing.length };
    }

    const [topic] = await tx
      .select({ id: topics.id, subjectId: topics.subjectId, subject: subjects.name })
      .from(topics)
      .innerJoin(subjects, eq(subjects.id, topics.subjectId))
      .where(eq(topics.slug, body.topicSlug));
    if (!topic) throw notFound(bankMessages.topicNotFound);
    const elsewhere = rows.filter((row) => row.subjectId !== topic.subjectId).length;
    if (elsewhere) throw badRequest(bankMessages.otherSubject(elsewhere, topic.subject));
    const changing = rows.filter((row) => row.topicId !== topic.id);
    await change(tx, actor, changing, { topicId: topic.id }, 'question.move', body.reason, (row) => ({
      topicId: row.topicId,
    }));
    return { changed: changing.length };
  });
}

type Row = { id: string; status: string; topicId: string | null };

/** One UPDATE for the questions that change, and an audit row for each: what it was, what it is. */
async function change(
  tx: Tx,
  actor: Actor,
  changing: Row[],
  after: { status: SettableStatus } | { topicId: string },
  action: string,
  reason: string | undefined,
  before: (row: Row) => object,
) {
  if (!changing.length) return;
  await tx
    .update(questions)
    .set({ ...after, updatedAt: new Date() })
    .where(
      inArray(
        questions.id,
        changing.map((row) => row.id),
      ),
    );
  for (const row of changing) {
    await auditRepository.write(tx, actor, {
      action,
      objectType: 'question',
      objectId: row.id,
      before: before(row),
      after,
      reason: reason ?? null,
    });
  }
}
