import {
  questionEditMessages as messages,
  type QuestionEditBody,
  type QuestionForEdit,
  type QuestionSaved,
} from '@ai-tutor/contract';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { passages, questions, questionVersions, subjects, topics } from '../../db/schema.js';
import { textHash } from '../../import/index.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { auditRepository, type Actor } from '../console/audit-repository.js';
import { checkEdit } from './edit-rules.js';
import {
  approvedSnapshot,
  editLanguagesOf,
  planTranslations,
  translationsForEdit,
  writePlannedTranslations,
} from './translation-edit.js';

/**
 * One question in the console's editor (docs/question-bank.md#editing). A save that changes what
 * learners see or the key writes a new version (docs/decisions/0028-question-versions.md): the old
 * one stays for the sessions that hold it. Status and topic are the question's own, not a version's.
 */

type QuestionRow = typeof questions.$inferSelect;

/** The question as the editor opens it; null: no such question. */
export async function questionForEdit(db: DbOrTx, id: string): Promise<QuestionForEdit | null> {
  const [row] = await db
    .select({ q: questions, passage: passages.text, subjectName: subjects.name, subjectSlug: subjects.slug })
    .from(questions)
    .innerJoin(subjects, eq(subjects.id, questions.subjectId))
    .leftJoin(passages, eq(passages.id, questions.passageId))
    .where(eq(questions.id, id));
  if (!row) return null;
  const subjectTopics = await db
    .select({ id: topics.id, slug: topics.slug, name: topics.name })
    .from(topics)
    .where(eq(topics.subjectId, row.q.subjectId))
    .orderBy(asc(topics.sortOrder), asc(topics.name));
  const { q } = row;
  const languages = await editLanguagesOf(db, q.subjectId);
  const form = {
    type: q.type,
    text: q.text,
    options: q.options,
    key: q.key,
    explanation: q.explanation,
    hints: q.hints,
    passage: row.passage,
  };
  return {
    id: q.id,
    version: q.version,
    ...form,
    topicSlug: subjectTopics.find((t) => t.id === q.topicId)?.slug ?? null,
    status: q.status,
    dropped: q.droppedAt !== null,
    subject: { name: row.subjectName, slug: row.subjectSlug },
    topics: subjectTopics.map(({ slug, name }) => ({ slug, name })),
    updatedAt: q.updatedAt.toISOString(),
    warnings: checkEdit({ ...form, topicSlug: null, status: q.status, baseVersion: q.version }).warnings,
    languages,
    translations: await translationsForEdit(db, q.id, languages),
  };
}

/**
 * Writes the question's current content as its version row, if no row holds it yet, with the approved
 * translations its learners were last shown (those of a row written earlier are brought up to date).
 */
export async function keepCurrentVersion(tx: DbOrTx, q: QuestionRow): Promise<void> {
  const translations = await approvedSnapshot(tx, q.id);
  await tx
    .insert(questionVersions)
    .values({
      questionId: q.id,
      version: q.version,
      text: q.text,
      type: q.type,
      options: q.options,
      key: q.key,
      answer: q.answer,
      explanation: q.explanation,
      hints: q.hints,
      passageId: q.passageId,
      translations,
      createdAt: q.updatedAt,
    })
    .onConflictDoUpdate({
      target: [questionVersions.questionId, questionVersions.version],
      set: { translations },
    });
}

async function passageId(tx: Tx, text: string | null): Promise<string | null> {
  if (text === null) return null;
  const [row] = await tx
    .insert(passages)
    .values({ text, textHash: textHash(text) })
    .onConflictDoUpdate({ target: passages.textHash, set: { text: sql`excluded.text` } })
    .returning({ id: passages.id });
  return row!.id;
}

/** Saves an edit: 400 with each field's errors and nothing written, 409 on a newer version, 404. */
export async function saveEdit(
  db: Db,
  actor: Actor,
  id: string,
  body: QuestionEditBody,
): Promise<QuestionSaved> {
  const { content, errors } = checkEdit(body);
  const saved = await db.transaction(async (tx) => {
    const [q] = await tx.select().from(questions).where(eq(questions.id, id)).for('update');
    if (!q) throw notFound(messages.notFound);
    const languages = await editLanguagesOf(tx, q.subjectId);
    const plan = await planTranslations(tx, q.id, languages, content, body.translations);
    if (errors.length || plan.errors.length) throw badRequest(messages.invalid, [...errors, ...plan.errors]);
    if (q.version !== body.baseVersion) throw conflict(messages.stale(q.version));
    let topicId: string | null = null;
    if (body.topicSlug !== null) {
      const [topic] = await tx
        .select({ id: topics.id })
        .from(topics)
        .where(and(eq(topics.slug, body.topicSlug), eq(topics.subjectId, q.subjectId)));
      if (!topic)
        throw badRequest(messages.topicNotFound, [{ path: 'topicSlug', message: messages.topicNotFound }]);
      topicId = topic.id;
    }
    if (content.text !== q.text) {
      // Another question showing this text, or known to imports by it (its identity), is a twin.
      const [twin] = await tx
        .select({ id: questions.id })
        .from(questions)
        .where(
          and(
            eq(questions.subjectId, q.subjectId),
            or(eq(questions.textHash, textHash(content.text)), eq(questions.text, content.text)),
            ne(questions.id, q.id),
          ),
        );
      if (twin) {
        const message = 'another question of this subject has the same text';
        throw badRequest(messages.invalid, [{ path: 'text', message }]);
      }
    }
    const passage = await passageId(tx, content.passage);
    const next = { ...content, passageId: passage };
    const contentChanged =
      next.type !== q.type ||
      next.text !== q.text ||
      !isDeepStrictEqual(next.options, q.options) ||
      !isDeepStrictEqual(next.key, q.key) ||
      next.explanation !== q.explanation ||
      !isDeepStrictEqual(next.hints, q.hints) ||
      next.passageId !== q.passageId ||
      plan.visible;
    const statusChanged = body.status !== q.status;
    const topicChanged = topicId !== q.topicId;
    const label = q.text.replace(/\s+/g, ' ').slice(0, 80);
    if (!contentChanged && !statusChanged && !topicChanged && !plan.writes.length)
      return { newVersion: false };
    const version = contentChanged ? q.version + 1 : q.version;
    const now = new Date();
    if (contentChanged) await keepCurrentVersion(tx, q);
    await writePlannedTranslations(tx, actor, q.id, label, plan, body.reason ?? null);
    await tx
      .update(questions)
      .set({
        ...(contentChanged
          ? {
              type: next.type,
              // textHash stays the first version's: a re-import of the original file finds the
              // question it became (docs/question-bank.md#re-importing-after-an-edit).
              text: next.text,
              options: next.options,
              key: next.key,
              answer: next.answer,
              explanation: next.explanation,
              hints: next.hints,
              passageId: next.passageId,
              version,
            }
          : {}),
        status: body.status,
        topicId,
        updatedAt: now,
      })
      .where(eq(questions.id, q.id));
    if (contentChanged)
      await tx.insert(questionVersions).values({
        questionId: q.id,
        version,
        type: next.type,
        text: next.text,
        options: next.options,
        key: next.key,
        answer: next.answer,
        explanation: next.explanation,
        hints: next.hints,
        passageId: next.passageId,
        translations: await approvedSnapshot(tx, q.id),
        editorId: actor.userId,
        createdAt: now,
      });
    // One audit row per kind of change, each with what it was and what it became.
    const audit = (action: string, before: Record<string, unknown>, after: Record<string, unknown>) =>
      auditRepository.write(tx, actor, {
        action,
        objectType: 'question',
        objectId: q.id,
        objectLabel: label,
        before,
        after,
        reason: body.reason ?? null,
      });
    if (contentChanged) await audit('question.edit', { version: q.version }, { version });
    if (statusChanged) await audit('question.status', { status: q.status }, { status: body.status });
    if (topicChanged) await audit('question.move', { topicId: q.topicId }, { topicId });
    return { newVersion: contentChanged };
  });
  const question = await questionForEdit(db, id);
  if (!question) throw notFound(messages.notFound);
  return { question, newVersion: saved.newVersion };
}
