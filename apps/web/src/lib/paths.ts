import type { AttemptEntityType, QuizType } from '@ai-tutor/contract';

/** `/quiz/exam/jee/subject/…`: a quiz scope's route under `base` (tutor-paths.ts's practice too). */
export const scopePath = (base: string, ...parts: Array<string | undefined>) =>
  [base, ...parts]
    .filter((part): part is string => part !== undefined && part !== '')
    .map((part, i) => (i === 0 ? part : encodeURIComponent(part)))
    .join('/');

/** Every route of docs/product.md#routes, typed. Screens link with these, never with hand-written strings. */
export const paths = {
  login: '/login',
  register: '/register',
  forgetPassword: '/forget-password',
  verifyOtp: (email: string) => `/verify-otp/${encodeURIComponent(email)}`,
  resetPassword: (token?: string) =>
    token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password',
  verifyUser: '/verify-user',
  verifyInvite: '/verify-invite',
  exams: '/exams',
  exam: (slug: string) => `/exams/${encodeURIComponent(slug)}`,
  quiz: (examSlug: string, type: QuizType, moduleSlug: string, subjectSlug?: string, topicSlug?: string) =>
    scopePath('/quiz/exam', examSlug, type, moduleSlug, subjectSlug, topicSlug),
  /** The tutor loop's fixed routes; the rest are in tutor-paths.ts, away from /login's entry. */
  review: '/review',
  mistakes: '/mistakes',
  result: (assessmentSlug: string) => `/quiz/result/${encodeURIComponent(assessmentSlug)}`,
  attempts: (entityType: AttemptEntityType, entitySlug: string) =>
    `/attempts/${entityType}/${encodeURIComponent(entitySlug)}`,
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
} as const;

/**
 * Navigation state of a quiz route: the start dialog's "Start afresh" sets it, the quiz screen sends
 * it with its start (docs/product.md#running-attempts) and then drops it, so a reload resumes instead of starting again.
 */
export interface QuizStartState {
  startAfresh?: boolean;
  /** The slug of the running attempt the dialog showed: the server replaces only that one. */
  replaces?: string;
}
