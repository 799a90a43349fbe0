import { canonicalLanguage, questionEditMessages, translationMessages as messages } from '@ai-tutor/contract';
import type { QuestionSaved } from '@ai-tutor/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { questions, questionTranslations, questionVersions } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { auditRepository, type Actor } from '../console/audit-repository.js';
import { keepCurrentVersion, questionForEdit } from './question-edit.js';
import { approvedSnapshot } from './translation-edit.js';

/**
 * What learners are shown of a question's translations is part of its version
 * (docs/decisions/0028-question-versions.md, docs/languages.md#the-console): the console's approval,
 * the CLI's `translations approve` and an import that changes approved translations all come through
 * `newTranslationVersions`, so sessions given the last version keep the texts they were shown.
 */

type QuestionRow = typeof questions.$inferSelect;

/**
 * Keeps each question's current version with the translations it shows, runs `change` (which alters
 * only these questions' approved translations), and gives each the next version holding the result.
 * `editorId` names who made it in the console: an import's or the CLI's is null, so imports keep
 * treating the question as the file's (docs/decisions/0031-sessions-read-what-was-given.md).
 */
export async function newTranslationVersions<T>(
  tx: Tx,
  rows: QuestionRow[],
  editorId: string | null,
  change: () => Promise<T>,
): Promise<T> {
  for (const q of rows) await keepCurrentVersion(tx, q);
  const result = await change();
  const now = new Date();
  for (const q of rows) {
    const version = q.version + 1;
    await tx.update(questions).set({ version, updatedAt: now }).where(eq(questions.id, q.id));
    await tx.insert(questionVersions).values({
      questionId: q.id,
      version,
      type: q.type,
      text: q.text,
      options: q.options,
      key: q.key,
      answer: q.answer,
      explanation: q.explanation,
      hints: q.hints,
      passageId: q.passageId,
      translations: await approvedSnapshot(tx, q.id),
      editorId,
      createdAt: now,
    });
  }
  return result;
}

/** These questions, locked, that have a draft in `lang`. */
function withDraft(tx: Tx, lang: string, ids: string[]) {
  return tx
    .select({ q: questions, source: questionTranslations.source })
    .from(questions)
    .innerJoin(
      questionTranslations,
      and(
        eq(questionTranslations.questionId, questions.id),
        eq(questionTranslations.lang, lang),
        eq(questionTranslations.status, 'draft'),
      ),
    )
    .where(inArray(questions.id, ids))
    .for('update', { of: questions });
}

const audited = (q: QuestionRow) => ({
  objectType: 'question',
  objectId: q.id,
  objectLabel: q.text.replace(/\s+/g, ' ').slice(0, 80),
});

/** Approves the drafts in `lang` of these questions, each a new version, audited; the ids approved. */
export async function approveDrafts(tx: Tx, actor: Actor, lang: string, ids: string[]): Promise<string[]> {
  const found = ids.length ? await withDraft(tx, lang, ids) : [];
  const rows = found.map((f) => f.q);
  await newTranslationVersions(tx, rows, actor.userId, () =>
    tx
      .update(questionTranslations)
      .set({ status: 'approved', updatedAt: new Date() })
      .where(
        and(
          inArray(
            questionTranslations.questionId,
            rows.map((q) => q.id),
          ),
          eq(questionTranslations.lang, lang),
        ),
      ),
  );
  for (const { q, source } of found) {
    await auditRepository.write(tx, actor, {
      ...audited(q),
      action: 'question.translation.approve',
      before: { lang, status: 'draft', source },
      after: { lang, status: 'approved', source },
    });
    await auditRepository.write(tx, actor, {
      ...audited(q),
      action: 'question.edit',
      before: { version: q.version },
      after: { version: q.version + 1 },
    });
  }
  return rows.map((q) => q.id);
}

/** Deletes the drafts in `lang` of these questions (nobody was shown them: no version), audited. */
export async function rejectDrafts(tx: Tx, actor: Actor, lang: string, ids: string[]): Promise<string[]> {
  const found = ids.length ? await withDraft(tx, lang, ids) : [];
  if (!found.length) return [];
  await tx.delete(questionTranslations).where(
    and(
      inArray(
        questionTranslations.questionId,
        found.map((f) => f.q.id),
      ),
      eq(questionTranslations.lang, lang),
    ),
  );
  for (const { q, source } of found)
    await auditRepository.write(tx, actor, {
      ...audited(q),
      action: 'question.translation.reject',
      before: { lang, status: 'draft', source },
      after: null,
    });
  return found.map((f) => f.q.id);
}

/** The console's approve or reject of one question's draft: 404 no question, 409 no draft. */
async function decideOne(
  db: Db,
  actor: Actor,
  id: string,
  tag: string,
  decide: typeof approveDrafts,
): Promise<QuestionSaved> {
  const lang = canonicalLanguage(tag) ?? tag;
  const done = await db.transaction(async (tx) => {
    const [q] = await tx.select({ id: questions.id }).from(questions).where(eq(questions.id, id));
    if (!q) throw notFound(questionEditMessages.notFound);
    const ids = await decide(tx, actor, lang, [id]);
    if (!ids.length) throw conflict(messages.noDraft);
    return ids;
  });
  const question = await questionForEdit(db, id);
  if (!question) throw notFound(questionEditMessages.notFound);
  return { question, newVersion: decide === approveDrafts && done.length > 0 };
}

/** An admin approves a draft: learners are shown it from a new version. */
export const approveTranslation = (db: Db, actor: Actor, id: string, tag: string) =>
  decideOne(db, actor, id, tag, approveDrafts);

/** An admin rejects a draft: it is deleted, and no version changes. */
export const rejectTranslation = (db: Db, actor: Actor, id: string, tag: string) =>
  decideOne(db, actor, id, tag, rejectDrafts);
