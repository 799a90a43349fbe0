import { randomUUID } from 'node:crypto';
import { achievementUrl, aiMessages, POST_MAX_LENGTH, type Achievement, type Post } from '@ai-tutor/contract';
import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assessments, exams, modules, posts, subjects, topics, users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../ai/explain.js';
import { prompts } from '../ai/prompts.js';
import { AiError, type AiProvider } from '../ai/provider.js';
import { factsOf, percentageOf } from './post-facts.js';
import { templateAfter, type PostFacts } from './templates.js';
import { checkLiveResultsOpenById } from '../live-tests/result-gate.js';

/**
 * Achievement posts (docs/product.md#ai-tutor-and-achievements): a LinkedIn post about one of the learner's own completed
 * attempts, AI-written or from a template. Every post's content carries the link to its public page,
 * `${publicUrl}/achievements/{postId}`, where a reader can check the score is real.
 */

export interface PostsContext {
  db: Db;
  ai: AiProvider;
  publicUrl: string;
}

export const LINK_LABEL = 'Verified result: ';

/** The content with its achievement link: appended when the text does not carry it already. */
export function withLink(content: string, url: string): string {
  const text = content.trim();
  return text.includes(url) ? text : `${text}\n\n${LINK_LABEL}${url}`;
}

/** The content without the link line, as the model or a template wrote it. */
function bodyOf(content: string, url: string): string {
  return content.replace(`${LINK_LABEL}${url}`, '').replace(url, '').trim();
}

export type PostRow = typeof posts.$inferSelect & { assessmentSlug: string };

export function toPost(row: PostRow, publicUrl: string): Post {
  return {
    _id: row.id,
    content: row.content,
    assessmentSlug: row.assessmentSlug,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    aiGenerated: row.aiGenerated,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    sharedAt: row.sharedAt?.toISOString() ?? null,
    achievementUrl: achievementUrl(publicUrl, row.id),
  };
}

const postColumns = {
  id: posts.id,
  userId: posts.userId,
  assessmentId: posts.assessmentId,
  content: posts.content,
  status: posts.status,
  aiGenerated: posts.aiGenerated,
  linkedinUrn: posts.linkedinUrn,
  publishedAt: posts.publishedAt,
  sharedAt: posts.sharedAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  assessmentSlug: assessments.slug,
};

/** One of the user's posts; 404 for an unknown id and for anyone else's. */
export async function ownedPost(db: Db, userId: string, postId: string): Promise<PostRow> {
  if (!isUuid(postId)) throw notFound(aiMessages.postNotFound);
  const [row] = await db
    .select(postColumns)
    .from(posts)
    .innerJoin(assessments, eq(assessments.id, posts.assessmentId))
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)));
  if (!row) throw notFound(aiMessages.postNotFound);
  return row;
}

/** The post's text: the model's when it answers, the next template otherwise. */
async function writeBody(
  ai: AiProvider,
  facts: PostFacts,
  previous: string | null,
): Promise<{ body: string; aiGenerated: boolean }> {
  if (ai.enabled) {
    try {
      const { content } = await ai.run(prompts.post, { ...facts, previous });
      // Links are ours to add: the only one a post carries is its verification link.
      const body = content.replace(/\bhttps?:\/\/\S+/gi, '').trim();
      if (body) return { body, aiGenerated: true };
    } catch (error) {
      if (!(error instanceof AiError)) throw error;
    }
  }
  return { body: templateAfter(facts, previous), aiGenerated: false };
}

/**
 * Drafts a post about one of the user's completed attempts. While a draft for that attempt exists it
 * is returned as it is (`created` false): 'Regenerate' rewrites it.
 */
export async function generatePost(
  ctx: PostsContext,
  userId: string,
  assessmentSlug: string,
): Promise<{ post: Post; created: boolean }> {
  const [assessment] = await ctx.db
    .select({ id: assessments.id, slug: assessments.slug, sessionCompleted: assessments.sessionCompleted })
    .from(assessments)
    .where(and(eq(assessments.slug, assessmentSlug), eq(assessments.userId, userId)));
  if (!assessment) throw notFound(aiMessages.assessmentNotFound);
  if (!assessment.sessionCompleted) throw conflict(aiMessages.sessionRunning);
  // A live test's score is nobody's to post before its ranking (docs/product.md#live-test-rules).
  await checkLiveResultsOpenById(ctx.db, assessment.id);

  const [draft] = await ctx.db
    .select(postColumns)
    .from(posts)
    .innerJoin(assessments, eq(assessments.id, posts.assessmentId))
    .where(and(eq(posts.assessmentId, assessment.id), eq(posts.userId, userId), eq(posts.status, 'draft')))
    .orderBy(desc(posts.createdAt))
    .limit(1);
  if (draft) return { post: toPost(draft, ctx.publicUrl), created: false };

  const id = randomUUID();
  const url = achievementUrl(ctx.publicUrl, id);
  const { body, aiGenerated } = await writeBody(ctx.ai, await factsOf(ctx.db, assessment.id), null);
  const [row] = await ctx.db
    .insert(posts)
    .values({ id, userId, assessmentId: assessment.id, content: withLink(body, url), aiGenerated })
    .returning();
  return { post: toPost({ ...row!, assessmentSlug: assessment.slug }, ctx.publicUrl), created: true };
}

function assertDraft(row: PostRow) {
  if (row.status !== 'draft') throw conflict(aiMessages.postPublishedAlready);
}

export async function updatePost(ctx: PostsContext, userId: string, postId: string, content: string) {
  const row = await ownedPost(ctx.db, userId, postId);
  assertDraft(row);
  const next = withLink(content, achievementUrl(ctx.publicUrl, row.id));
  if (next.length > POST_MAX_LENGTH) {
    throw badRequest(aiMessages.postTooLongWithLink(next.length, POST_MAX_LENGTH), [
      { path: 'body.content', message: aiMessages.postTooLong(POST_MAX_LENGTH) },
    ]);
  }
  const [updated] = await ctx.db
    .update(posts)
    .set({ content: next, updatedAt: new Date() })
    .where(and(eq(posts.id, row.id), eq(posts.status, 'draft')))
    .returning();
  if (!updated) throw conflict(aiMessages.postPublishedAlready);
  return toPost({ ...updated, assessmentSlug: row.assessmentSlug }, ctx.publicUrl);
}

export async function regeneratePost(ctx: PostsContext, userId: string, postId: string) {
  const row = await ownedPost(ctx.db, userId, postId);
  assertDraft(row);
  const url = achievementUrl(ctx.publicUrl, row.id);
  const { body, aiGenerated } = await writeBody(
    ctx.ai,
    await factsOf(ctx.db, row.assessmentId),
    bodyOf(row.content, url),
  );
  const [updated] = await ctx.db
    .update(posts)
    .set({ content: withLink(body, url), aiGenerated, updatedAt: new Date() })
    .where(and(eq(posts.id, row.id), eq(posts.status, 'draft')))
    .returning();
  if (!updated) throw conflict(aiMessages.postPublishedAlready);
  return toPost({ ...updated, assessmentSlug: row.assessmentSlug }, ctx.publicUrl);
}

export async function listPosts(ctx: PostsContext, userId: string): Promise<Post[]> {
  const rows = await ctx.db
    .select(postColumns)
    .from(posts)
    .innerJoin(assessments, eq(assessments.id, posts.assessmentId))
    .where(eq(posts.userId, userId))
    .orderBy(desc(posts.createdAt), desc(posts.id));
  return rows.map((row) => toPost(row, ctx.publicUrl));
}

/**
 * The learner shares the post by hand (copies its text or link): its achievement page becomes public.
 * A draft or a published post alike; sharing again keeps the first time.
 */
export async function sharePost(ctx: PostsContext, userId: string, postId: string): Promise<Post> {
  const row = await ownedPost(ctx.db, userId, postId);
  const [updated] = await ctx.db
    .update(posts)
    .set({ sharedAt: sql`coalesce(${posts.sharedAt}, now())` })
    .where(eq(posts.id, row.id))
    .returning();
  if (!updated) throw notFound(aiMessages.postNotFound);
  return toPost({ ...updated, assessmentSlug: row.assessmentSlug }, ctx.publicUrl);
}

/** Marks a post published (after LinkedIn accepted it). False when it was published meanwhile. */
export async function markPublished(db: Db, postId: string, urn: string | null): Promise<PostRow | null> {
  const [updated] = await db
    .update(posts)
    .set({ status: 'published', linkedinUrn: urn, publishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(posts.id, postId), eq(posts.status, 'draft')))
    .returning();
  if (!updated) return null;
  const [slug] = await db
    .select({ slug: assessments.slug })
    .from(assessments)
    .where(eq(assessments.id, updated.assessmentId));
  return { ...updated, assessmentSlug: slug?.slug ?? '' };
}

/**
 * The public achievement behind a post link: the learner's first name, the exam, module, subject or
 * topic, the score and the date — read from the database, nothing else. Only a post the learner chose
 * to share is public: one published to LinkedIn, or one shared by hand (sharedAt). Any other draft is
 * still being written and may never be shared, so its id is a 404 like an unknown one (ids leak
 * through logs, screenshots and referrers).
 */
export async function getAchievement(db: Db, postId: string): Promise<Achievement> {
  if (!isUuid(postId)) throw notFound(aiMessages.achievementNotFound);
  const [row] = await db
    .select({
      name: users.name,
      exam: exams.name,
      module: modules.name,
      subject: subjects.name,
      topic: topics.name,
      score: assessments.score,
      totalMarks: assessments.totalMarks,
      endTime: assessments.endTime,
      completed: assessments.sessionCompleted,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .innerJoin(assessments, eq(assessments.id, posts.assessmentId))
    .innerJoin(exams, eq(exams.id, assessments.examId))
    .innerJoin(modules, eq(modules.id, assessments.moduleId))
    .leftJoin(subjects, eq(subjects.id, assessments.subjectId))
    .leftJoin(topics, eq(topics.id, assessments.topicId))
    .where(and(eq(posts.id, postId), or(eq(posts.status, 'published'), isNotNull(posts.sharedAt))));
  if (!row || !row.completed || !row.endTime) throw notFound(aiMessages.achievementNotFound);
  const score = row.score ?? 0;
  return {
    firstName: row.name.trim().split(/\s+/)[0] ?? '',
    exam: row.exam,
    module: row.module,
    subject: row.subject,
    topic: row.topic,
    score,
    totalMarks: row.totalMarks,
    percentage: percentageOf(score, row.totalMarks),
    date: row.endTime.toISOString(),
  };
}
