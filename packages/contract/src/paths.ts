/** API paths, relative to the `/api` base path. Server routes and web calls both use these. */
export const API_BASE = '/api';

export const apiPaths = {
  health: '/health',
  healthReady: '/health/ready',
  config: '/v1/config',

  // accounts
  signup: '/v1/auth/signup',
  login: '/v1/auth/login',
  googleLogin: '/v2/auth/google',
  refresh: '/v1/auth/refresh',
  logout: '/v1/auth/logout',
  verifyUser: '/v1/auth/verify-user',
  resendUserOtp: '/v1/auth/resend-user-otp',
  forgetPassword: '/v1/auth/forget-password',
  resendOtp: '/v1/auth/resend-otp',
  verifyOtp: '/v1/auth/verify-otp',
  resetPassword: '/v1/auth/reset-password',
  currentUser: '/v1/users/current',
  users: '/v1/users',
  inviteCodeCheck: '/v1/invitecode/verify/:code',
  inviteCodeVerify: '/v1/invitecode/verify',

  // catalogue
  exams: '/v1/exams',
  exam: '/v1/exams/:slug',
  userRecords: '/v1/user-records',

  // quiz and results
  /** A figure by the SHA-256 of its bytes (docs/product.md#figures-and-passages). */
  media: '/v1/media/:sha256',
  assessments: '/v1/assessment',
  /** The learner's running attempts (docs/product.md#running-attempts), so start dialogs can offer to resume them. */
  assessmentsRunning: '/v1/assessment/running',
  assessmentsRecent: '/v1/assessment/recent',
  assessmentSession: '/v1/assessment/session/:slug',
  assessmentSubmit: '/v1/assessment/:slug/submit',
  assessmentResult: '/v1/assessment/get-session/:slug',
  assessmentDetails: '/v1/assessment/details',
  evaluations: '/v1/evaluations',
  evaluationExplain: '/v1/evaluations/:id/explain',

  // the tutor loop (docs/product.md#review-queue)
  reviewSummary: '/v1/review/summary',
  /** Practice and review: locks the answer and answers right/wrong, the key and the explanation. */
  evaluationCheck: '/v1/evaluations/:id/check',
  evaluationHint: '/v1/evaluations/:id/hint',
  mistakes: '/v1/mistakes',
  /** "I've got this": takes the question out of the learner's review queue. */
  mistakeDismiss: '/v1/mistakes/:questionId/dismiss',
  questionReports: '/v1/questions/:id/reports',

  // live tests (docs/product.md#live-test-rules)
  scheduledTests: '/v1/scheduled-tests',
  scheduledTestRanking: '/v1/scheduled-tests/:id/ranking',

  // AI posts and LinkedIn
  posts: '/v1/post',
  postGenerate: '/v1/post/generate',
  post: '/v1/post/:id',
  postRegenerate: '/v1/post/regenerate/:id',
  postShare: '/v1/post/:id/share',
  linkedinToken: '/v1/auth/linkedin/token',
  linkedinPost: '/v1/linkedin/post',
  unlinkLinkedin: '/v1/users/:id/unlink-linkedin',
  achievement: '/v1/achievements/:id',
} as const;

/** Fills `:name` placeholders: `buildPath(apiPaths.exam, {slug: 'jee'})` → `/v1/exams/jee`. */
export function buildPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
