import type { AttemptEntityType, QuizType } from '@ai-tutor/contract';

/** A practice session's scope: a quiz's, or the learner's weakest topics (adaptive). */
export type PracticeQuizType = Exclude<QuizType, 'review'>;

const scopePath = (base: string, ...parts: Array<string | undefined>) =>
  [base, ...parts]
    .filter((part): part is string => part !== undefined && part !== '')
    .map((part, i) => (i === 0 ? part : encodeURIComponent(part)))
    .join('/');

/** Every route of SPEC.md §2, typed. Screens link with these, never with hand-written strings. */
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
  /** Untimed, with feedback after each question (DESIGN.md §6.2); the same scopes as quiz. */
  practice: (
    examSlug: string,
    type: PracticeQuizType,
    moduleSlug: string,
    subjectSlug?: string,
    topicSlug?: string,
  ) => scopePath('/practice/exam', examSlug, type, moduleSlug, subjectSlug, topicSlug),
  /** Due counts per subject and the review session's start. */
  review: '/review',
  /** A review session of an exam's due questions (quizType 'review'). */
  reviewSession: (examSlug: string) => `/review/${encodeURIComponent(examSlug)}/session`,
  /** The mistakes notebook; its filters live in the URL. */
  mistakes: (filter: MistakesFilter = {}) => {
    const query = new URLSearchParams(
      Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ).toString();
    return query ? `/mistakes?${query}` : '/mistakes';
  },
  result: (assessmentSlug: string) => `/quiz/result/${encodeURIComponent(assessmentSlug)}`,
  attempts: (entityType: AttemptEntityType, entitySlug: string) =>
    `/attempts/${entityType}/${encodeURIComponent(entitySlug)}`,
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
} as const;

/** The notebook's filters, as URL search parameters. */
export interface MistakesFilter {
  exam?: string | undefined;
  subject?: string | undefined;
  topic?: string | undefined;
  page?: string | undefined;
}

/**
 * Navigation state of a quiz route: the start dialog's "Start afresh" sets it, the quiz screen sends
 * it with its start (DESIGN.md §6.4) and then drops it, so a reload resumes instead of starting again.
 */
export interface QuizStartState {
  startAfresh?: boolean;
}
