import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { assessments, questions, subjects, topics } from '../../db/schema.js';
import { auditRepository, CLI_ACTOR, type Actor } from '../console/audit-repository.js';
import { isUuid } from './explain.js';
import { GenerationError } from './generate-questions.js';

/** `questions review|approve|reject`: an operator decides on draft questions (AI-made or imported). */

export interface DraftQuestion {
  id: string;
  text: string;
  options: string[];
  answer: string;
  explanation: string | null;
  topic: string | null;
  source: string;
  createdAt: Date;
}

export async function listDrafts(db: Db, subjectSlug: string): Promise<DraftQuestion[]> {
  const [subject] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.slug, subjectSlug));
  if (!subject) throw new GenerationError(`No subject with the slug "${subjectSlug}"`);
  return db
    .select({
      id: questions.id,
      text: questions.text,
      options: questions.options,
      answer: questions.answer,
      explanation: questions.explanation,
      topic: topics.name,
      source: questions.source,
      createdAt: questions.createdAt,
    })
    .from(questions)
    .leftJoin(topics, eq(topics.id, questions.topicId))
    .where(and(eq(questions.subjectId, subject.id), eq(questions.status, 'draft')))
    .orderBy(asc(questions.createdAt), asc(questions.id));
}

export interface Decision {
  done: string[];
  /** Unknown ids, and ids of questions that are not drafts. */
  notDrafts: string[];
  /** Drafts that past quizzes refer to (reject only): kept. */
  inUse: string[];
}

const unique = (ids: string[]) => [...new Set(ids.map((id) => id.trim().toLowerCase()).filter(Boolean))];

/** One audit row per question decided (docs/decisions/0025-console-people.md), in the decision's transaction. */
async function audit(tx: Tx, actor: Actor, action: string, done: string[], reason?: string | null) {
  for (const id of done)
    await auditRepository.write(tx, actor, {
      action,
      objectType: 'question',
      objectId: id,
      before: { status: 'draft' },
      after: { status: action === 'question.approve' ? 'approved' : 'deleted' },
      reason: reason ?? null,
    });
}

/** Drafts become active: from now on a quiz may serve them. The console and the CLI both come here. */
export async function approveDrafts(
  db: Db,
  ids: string[],
  actor: Actor = CLI_ACTOR,
  reason?: string | null,
): Promise<Decision> {
  const wanted = unique(ids);
  const valid = wanted.filter(isUuid);
  const done = valid.length
    ? await db.transaction(async (tx) => {
        const approved = (
          await tx
            .update(questions)
            .set({ status: 'approved', updatedAt: new Date() })
            .where(and(inArray(questions.id, valid), eq(questions.status, 'draft')))
            .returning({ id: questions.id })
        ).map((r) => r.id);
        await audit(tx, actor, 'question.approve', approved, reason);
        return approved;
      })
    : [];
  return { done, notDrafts: wanted.filter((id) => !done.includes(id)), inUse: [] };
}

/** Drafts are deleted; active questions are never touched. */
export async function rejectDrafts(
  db: Db,
  ids: string[],
  actor: Actor = CLI_ACTOR,
  reason?: string | null,
): Promise<Decision> {
  const wanted = unique(ids);
  const valid = wanted.filter(isUuid);
  if (!valid.length) return { done: [], notDrafts: wanted, inUse: [] };
  return db.transaction(async (tx) => {
    const drafts = (
      await tx
        .select({ id: questions.id })
        .from(questions)
        .where(and(inArray(questions.id, valid), eq(questions.status, 'draft')))
    ).map((r) => r.id);
    const done = drafts.length
      ? (
          await tx
            .delete(questions)
            .where(
              and(
                inArray(questions.id, drafts),
                eq(questions.status, 'draft'),
                sql`NOT EXISTS (SELECT 1 FROM ${assessments} WHERE ${questions.id} = ANY(${assessments.questionIds}))`,
              ),
            )
            .returning({ id: questions.id })
        ).map((r) => r.id)
      : [];
    await audit(tx, actor, 'question.reject', done, reason);
    return {
      done,
      notDrafts: wanted.filter((id) => !drafts.includes(id)),
      inUse: drafts.filter((id) => !done.includes(id)),
    };
  });
}
