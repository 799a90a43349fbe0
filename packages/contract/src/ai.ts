import { z } from 'zod';

/**
 * The AI tutor (issue 7): explain my mistake, achievement posts, LinkedIn, the public achievement page.
 * Server routes validate with these schemas; the web app types its calls with them.
 */

/** Paths of this area that `apiPaths` does not list (relative to `/api`). */
export const aiPaths = {
  /** GET: is LinkedIn set up on this server, and is the signed-in learner connected? */
  linkedinConnection: '/v1/linkedin/connection',
  /** GET ?redirectUri&state: the LinkedIn authorisation URL to send the learner to. */
  linkedinAuthorize: '/v1/auth/linkedin/authorize',
} as const;

/** Where LinkedIn sends the learner back to (a web route; the page exchanges the code). */
export const LINKEDIN_CALLBACK_PATH = '/linkedin/callback';
/** Web-only: localStorage key holding `{state, returnTo}` while the learner is at LinkedIn. */
export const LINKEDIN_OAUTH_STORAGE_KEY = 'linkedin-oauth';
/** Web-only: the message the callback window posts to the window that opened it. */
export const LINKEDIN_CONNECTED_MESSAGE = 'ai-tutor:linkedin-connected';

/** LinkedIn's Posts API accepts at most 3000 characters of commentary. */
export const POST_MAX_LENGTH = 3000;

/** Explain-my-mistake calls a learner may make per window (per user, per server instance). */
export const EXPLAIN_RATE_LIMIT = { max: 10, windowSeconds: 60 } as const;

export const aiIdParams = z.object({ id: z.string().trim().min(1).max(100) });

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

export const aiMessages = {
  explained: 'Explanation ready',
  notConfigured:
    'The AI tutor is not configured on this server, so this is the question’s stored explanation.',
  notConfiguredNoExplanation:
    'The AI tutor is not configured on this server, and this question has no stored explanation.',
  unavailable:
    'The AI tutor could not answer just now, so this is the question’s stored explanation. Please try again later.',
  unavailableNoExplanation:
    'The AI tutor could not answer just now, and this question has no stored explanation. Please try again later.',
  sessionRunning: 'This quiz is still running. Explanations are available once it is submitted.',
  evaluationNotFound: 'Question not found',
  assessmentNotFound: 'Assessment not found',
  postNotFound: 'Post not found',
  achievementNotFound: 'Achievement not found',
  postGenerated: 'Post drafted',
  postExisting: 'Your draft post for this attempt',
  postUpdated: 'Post saved',
  postRegenerated: 'Post rewritten',
  postPublishedAlready: 'This post has already been published to LinkedIn',
  postsListed: 'ok',
  linkedinNotConnected: 'Connect your LinkedIn account first.',
  linkedinExpired: 'Your LinkedIn connection has expired. Please connect LinkedIn again.',
  linkedinConnected: 'LinkedIn connected',
  linkedinUnlinked: 'LinkedIn disconnected',
  linkedinPublished: 'Published to LinkedIn',
  linkedinRejected: 'LinkedIn did not accept the request. Please try again later.',
  unlinkOthers: 'You can only disconnect your own LinkedIn account',
} as const;

// ── Posts ───────────────────────────────────────────────────────────────────────────────────────────
export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const post = z.object({
  _id: z.string(),
  content: z.string(),
  assessmentSlug: z.string(),
  status: z.enum(POST_STATUSES),
  createdAt: z.string(),
  /** True when the AI tutor wrote the text; false for the built-in template. */
  aiGenerated: z.boolean(),
  publishedAt: z.string().nullable(),
  /** The public page the post links to: `${publicUrl}/achievements/{_id}`. */
  achievementUrl: z.string(),
});
export type Post = z.infer<typeof post>;

export const generatePostBody = z.object({ assessmentSlug: z.string().trim().min(1).max(200) });
export type GeneratePostBody = z.infer<typeof generatePostBody>;

export const updatePostBody = z.object({
  content: z.string().trim().min(1, 'The post cannot be empty').max(POST_MAX_LENGTH),
});
export type UpdatePostBody = z.infer<typeof updatePostBody>;

export const postData = z.object({ post });
export const postsData = z.object({ posts: z.array(post) });

// ── LinkedIn ────────────────────────────────────────────────────────────────────────────────────────
export const linkedinTokenBody = z.object({
  code: z.string().trim().min(1).max(2000),
  redirectUri: z.url().max(2000),
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
  redirectUri: z.url().max(2000),
  state: z.string().trim().min(8).max(200),
});
export type LinkedinAuthorizeQuery = z.infer<typeof linkedinAuthorizeQuery>;
export const linkedinAuthorizeData = z.object({ url: z.string() });

export const linkedinPostBody = z.object({ postId: z.string().trim().min(1).max(100) });
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

/** `${publicUrl}/achievements/{postId}`: the link every post carries. */
export const achievementUrl = (publicUrl: string, postId: string) =>
  `${publicUrl.replace(/\/$/, '')}/achievements/${postId}`;
