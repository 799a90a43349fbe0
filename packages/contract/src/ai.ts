import { z } from 'zod';
import { POST_MAX_LENGTH, POST_STATUSES } from './ai-constants.js';
import { TEXT_LIMITS } from './constants.js';
import { plainText, text } from './text.js';

/**
 * The AI tutor (docs/product.md#ai-tutor-and-achievements): explain my mistake, achievement posts, LinkedIn, the public achievement page.
 * Server routes validate with these schemas; the web app types its calls with them.
 */

export const aiIdParams = z.object({ id: text(TEXT_LIMITS.id).trim().min(1) });

// ── Explain my mistake ──────────────────────────────────────────────────────────────────────────────
export const explainData = z.object({
  explanation: z.string(),
  /** True only when the AI tutor wrote this text; false for the stored explanation or a fallback. */
  aiGenerated: z.boolean(),
  /** True when the explanation was written earlier and read from the database. */
  cached: z.boolean(),
  /** Why this is not an AI answer (not configured, or the tutor could not answer); null otherwise. */
  notice: z.string().nullable(),
});
export type ExplainData = z.infer<typeof explainData>;

// ── Posts ───────────────────────────────────────────────────────────────────────────────────────────

export const post = z.object({
  _id: z.string(),
  content: z.string(),
  assessmentSlug: z.string(),
  status: z.enum(POST_STATUSES),
  createdAt: z.string(),
  /** True when the AI tutor wrote the text; false for the built-in template. */
  aiGenerated: z.boolean(),
  publishedAt: z.string().nullable(),
  /** When the learner shared it by hand (copied it); its achievement page is public from then on. */
  sharedAt: z.string().nullable(),
  /** The public page the post links to: `${publicUrl}/achievements/{_id}`. */
  achievementUrl: z.string(),
});
export type Post = z.infer<typeof post>;

export const generatePostBody = z.object({ assessmentSlug: text(TEXT_LIMITS.slug).trim().min(1) });
export type GeneratePostBody = z.infer<typeof generatePostBody>;

export const updatePostBody = z.object({
  content: plainText(POST_MAX_LENGTH, { multiline: true }).trim().min(1, 'The post cannot be empty'),
});
export type UpdatePostBody = z.infer<typeof updatePostBody>;

export const postData = z.object({ post });
export const postsData = z.object({ posts: z.array(post) });

// ── LinkedIn ────────────────────────────────────────────────────────────────────────────────────────
export const linkedinTokenBody = z.object({
  code: text(TEXT_LIMITS.oauthCode).trim().min(1),
  redirectUri: text(TEXT_LIMITS.url).pipe(z.url()),
});
export type LinkedinTokenBody = z.infer<typeof linkedinTokenBody>;

export const linkedinConnectionData = z.object({
  /** LinkedIn client id and secret are set on the server. */
  configured: z.boolean(),
  connected: z.boolean(),
  expiresAt: z.string().nullable(),
});
export type LinkedinConnectionData = z.infer<typeof linkedinConnectionData>;

export const linkedinAuthorizeQuery = z.object({
  redirectUri: text(TEXT_LIMITS.url).pipe(z.url()),
  state: text(TEXT_LIMITS.oauthState).trim().min(8),
});
export type LinkedinAuthorizeQuery = z.infer<typeof linkedinAuthorizeQuery>;
export const linkedinAuthorizeData = z.object({ url: z.string() });

export const linkedinPostBody = z.object({ postId: text(TEXT_LIMITS.id).trim().min(1) });
export type LinkedinPostBody = z.infer<typeof linkedinPostBody>;

// ── Public achievement ──────────────────────────────────────────────────────────────────────────────
/** Everything the public page shows: nothing else of the learner is public. */
export const achievement = z.object({
  firstName: z.string(),
  exam: z.string(),
  module: z.string(),
  subject: z.string().nullable(),
  topic: z.string().nullable(),
  score: z.number(),
  totalMarks: z.number(),
  /** score / totalMarks × 100, one decimal. */
  percentage: z.number(),
  /** When the attempt was completed (ISO 8601). */
  date: z.string(),
});
export type Achievement = z.infer<typeof achievement>;
