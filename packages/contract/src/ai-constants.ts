/**
 * The AI tutor's constants, messages and paths: plain values, apart from ai.ts's zod schemas, so that a
 * screen importing one of them does not bring zod along (top-level schema calls cannot be tree-shaken).
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
/** Web-only: the message the callback window posts to the window that opened it. */
export const LINKEDIN_CONNECTED_MESSAGE = 'ai-tutor:linkedin-connected';

/** LinkedIn's Posts API accepts at most 3000 characters of commentary. */
export const POST_MAX_LENGTH = 3000;

/** Explain-my-mistake calls a learner may make per window (per user, per server instance). */
export const EXPLAIN_RATE_LIMIT = { max: 10, windowSeconds: 60 } as const;

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
  postShared: 'Post shared: anyone with its link can now check this result',
  postPublishedAlready: 'This post has already been published to LinkedIn',
  postPublishing: 'This post is being published already',
  postTooLong: (max: number) => `at most ${max} characters with the link`,
  postTooLongWithLink: (length: number, max: number) =>
    `The post is too long: with its link it has ${length} characters, LinkedIn takes ${max}.`,
  postsListed: 'ok',
  linkedinNotConnected: 'Connect your LinkedIn account first.',
  linkedinExpired: 'Your LinkedIn connection has expired. Please connect LinkedIn again.',
  linkedinConnected: 'LinkedIn connected',
  linkedinUnlinked: 'LinkedIn disconnected',
  linkedinPublished: 'Published to LinkedIn',
  linkedinRejected: 'LinkedIn did not accept the request. Please try again later.',
  linkedinAuthRejected: 'LinkedIn did not accept the authorisation. Please connect LinkedIn again.',
  unlinkOthers: 'You can only disconnect your own LinkedIn account',
} as const;

export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** `${publicUrl}/achievements/{postId}`: the link every post carries. */
export const achievementUrl = (publicUrl: string, postId: string) =>
  `${publicUrl.replace(/\/$/, '')}/achievements/${postId}`;
