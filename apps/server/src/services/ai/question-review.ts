import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assessments, questions, subjects, topics } from '../../db/schema.js';
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

/** Drafts become active: from now on a quiz may serve them. */
export async function approveDrafts(db: Db, ids: string[]): Promise<Decision> {
  const wanted = unique(ids);
  const valid = wanted.filter(isUuid);
  const done = valid.length
    ? (
        await db
          .update(questions)
          .set({ status: 'active', updatedAt: new Date() })
          .where(and(inArray(questions.id, valid), eq(questions.status, 'draft')))
          .returning({ id: questions.id })
      ).map((r) => r.id)
    : [];
  return { done, notDrafts: wanted.filter((id) => !done.includes(id)), inUse: [] };
}

/** Drafts are deleted; active questions are never touched. */
export async function rejectDrafts(db: Db, ids: string[]): Promise<Decision> {
  const wanted = unique(ids);
  const valid = wanted.filter(isUuid);
  if (!valid.length) return { done: [], notDrafts: wanted, inUse: [] };
  const drafts = (
    await db
      .select({ id: questions.id })
      .from(questions)
      .where(and(inArray(questions.id, valid), eq(questions.status, 'draft')))
  ).map((r) => r.id);
  const done = drafts.length
    ? (
        await db
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
  return {
    done,
    notDrafts: wanted.filter((id) => !drafts.includes(id)),
    inUse: drafts.filter((id) => !done.includes(id)),
  };
}
