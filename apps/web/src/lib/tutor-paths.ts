import type { QuizType } from '@ai-tutor/contract';
import { scopePath } from './paths';

/** A practice session's scope: a quiz's, or the learner's weakest topics (adaptive). */
export type PracticeQuizType = Exclude<QuizType, 'review'>;

/** The notebook's filters, as URL search parameters. */
export interface MistakesFilter {
  exam?: string | undefined;
  subject?: string | undefined;
  topic?: string | undefined;
  /** 'wrong', 'unattempted' or 'guess' (MISTAKE_KINDS); absent: all. */
  kind?: string | undefined;
  page?: string | undefined;
}

/**
 * The tutor loop's routes with parameters (docs/product.md#review-queue), typed like paths.ts's. Apart from it: only
 * the screens that link to them load this, not /login's entry (paths.ts has the two fixed ones).
 */
export const tutorPaths = {
  /** Untimed, with feedback after each question; the same scopes as a quiz. */
  practice: (
    examSlug: string,
    type: PracticeQuizType,
    moduleSlug: string,
    subjectSlug?: string,
    topicSlug?: string,
  ) => scopePath('/practice/exam', examSlug, type, moduleSlug, subjectSlug, topicSlug),
  /** A review session of an exam's due questions (quizType 'review'). */
  reviewSession: (examSlug: string) => `/review/${encodeURIComponent(examSlug)}/session`,
  /** The mistakes notebook; its filters live in the URL. */
  mistakes: (filter: MistakesFilter = {}) => {
    const query = new URLSearchParams(
      Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ).toString();
    return query ? `/mistakes?${query}` : '/mistakes';
  },
} as const;
