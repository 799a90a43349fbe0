import { z } from 'zod';
import { TEXT_LIMITS } from './constants.js';
import { plainText, text } from './text.js';
import { QUESTION_TYPES } from './questions.js';
import { sessionLanguages } from './translations.js';

/**
 * The tutor loop (docs/product.md#review-queue): the review queue, the mistakes notebook, question reports, mastery
 * per topic and the negative-marking coach on a result. Server routes and web screens both use these.
 */

/** How sure a learner says they are of an answer (practice and review sessions ask). */
export const CONFIDENCE_LEVELS = ['sure', 'unsure', 'guess'] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];

/** What kind of session an answer came from: only timed ones enter the performance records. */
export const SESSION_KINDS = ['timed', 'practice', 'review'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** One answer's outcome (the codes behind OUTCOME_LABELS in marking.ts). */
export const OUTCOME_CODES = ['correct', 'partial', 'incorrect', 'unattempted'] as const;

/** At most this many questions in one review session (docs/product.md#review-queue). */
export const REVIEW_SESSION_MAX_QUESTIONS = 20;
/** Below this many answers in a topic the coach says "not enough data" instead of attempt/skip. */
export const COACH_MIN_ANSWERS = 10;
/** The options a blind guess picks from in the coach's example (single-correct, four options). */
export const COACH_GUESS_OPTIONS = 4;

export const MISTAKES_DEFAULT_PAGE_SIZE = 20;
/** Why a question is in the notebook: answered wrong (or partly), not attempted, or right by a guess. */
export const MISTAKE_KINDS = ['wrong', 'unattempted', 'guess'] as const;
export type MistakeKind = (typeof MISTAKE_KINDS)[number];
export const MISTAKES_MAX_PAGE_SIZE = 50;

const ref = z.object({ id: z.string(), name: z.string(), slug: z.string() });
const slug = text(TEXT_LIMITS.slug).trim().min(1);

// ---- GET /v1/review/summary ----------------------------------------------------------------------

export const reviewSummaryQuery = z.object({
  /** Only that exam's cards (the exam page's "review" card); all exams without it. */
  examSlug: slug.optional(),
  /**
   * The learner's clock offset as `Date.getTimezoneOffset()` gives it (minutes, UTC − local), so
   * "due today" ends at the learner's midnight; UTC without it.
   */
  tzOffsetMinutes: z.coerce.number().int().min(-840).max(840).optional(),
});
export type ReviewSummaryQuery = z.infer<typeof reviewSummaryQuery>;

export const reviewCounts = z.object({
  /** Due now: a review session would ask these. */
  dueNow: z.number().int(),
  /** Due before the learner's midnight (dueNow included). */
  dueToday: z.number().int(),
  /** Every question in the queue (not dismissed), due or not. */
  total: z.number().int(),
});
export type ReviewCounts = z.infer<typeof reviewCounts>;

export const reviewSummaryData = reviewCounts.extend({
  /** The exam of `?examSlug=`, null for all exams. */
  exam: ref.nullable(),
  /** When the next card falls due (null when the queue is empty); may be in the past. */
  nextDueAt: z.string().nullable(),
  /** New cards beyond the daily limit of new cards (REVIEW_NEW_CARDS_PER_DAY): they enter later. */
  waitingNew: z.number().int().optional(),
  subjects: z.array(reviewCounts.extend({ subject: ref, exam: ref })),
});
export type ReviewSummaryData = z.infer<typeof reviewSummaryData>;

// ---- GET /v1/mistakes -----------------------------------------------------------------------------

export const mistakesQuery = z.object({
  examSlug: slug.optional(),
  subjectSlug: slug.optional(),
  topicSlug: slug.optional(),
  /** Only the questions of one kind: the notebook keeps 'wrong' apart from 'not attempted'. */
  kind: z.enum(MISTAKE_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MISTAKES_MAX_PAGE_SIZE).default(MISTAKES_DEFAULT_PAGE_SIZE),
});
export type MistakesQuery = z.infer<typeof mistakesQuery>;

export const mistake = z.object({
  questionId: z.string(),
  /** As stored: figures are `![alt](media:<sha256>)` markdown, as in a result. */
  questionText: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  /** The question's options in its own order ([] for typed answers). */
  options: z.array(z.string()),
  passage: z.string().nullable(),
  /** The learner's last answer to it (null: left unattempted). */
  yourAnswer: z.union([z.string(), z.array(z.string())]).nullable(),
  /** The key as text (keyText): "B", "A; C", "2.5 ± 0.1". */
  keyText: z.string(),
  /** The right options of an option question. */
  correctOptions: z.array(z.string()),
  explanation: z.string().nullable(),
  exam: ref,
  subject: ref,
  topic: ref.nullable(),
  /** When the learner last answered it. */
  answeredAt: z.string(),
  /** How that last answer went. */
  outcome: z.enum(OUTCOME_CODES),
  confidence: z.enum(CONFIDENCE_LEVELS).nullable(),
  /** When it is next due for review. */
  dueAt: z.string(),
  /** Times reviewed after it entered the queue, and times forgotten again. */
  reviews: z.number().int(),
  lapses: z.number().int(),
  /**
   * The last answer as an evaluation of its completed session, for "Ask AI tutor"
   * (POST /v1/evaluations/{id}/explain); null while that session runs.
   */
  evaluationId: z.string().nullable(),
  /**
   * A question of a paper in more than one language (docs/languages.md): its exam's languages and the
   * one the last answer's session was taken in (`chosen`), which the notebook opens in.
   */
  languages: sessionLanguages.optional(),
  /** Its texts in the exam's other languages, options in the question's own order. */
  translations: z
    .record(
      z.string(),
      z.object({
        questionText: z.string(),
        options: z.array(z.string()),
        passage: z.string().nullable(),
        explanation: z.string().nullable(),
      }),
    )
    .optional(),
});
export type Mistake = z.infer<typeof mistake>;

/** Paginated like the attempts list: the page's items and the total across pages. */
export const mistakesData = z.object({
  mistakes: z.array(mistake),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type MistakesData = z.infer<typeof mistakesData>;

/** `:questionId` of `POST /v1/mistakes/:questionId/dismiss` ("I've got this"). */
export const mistakeDismissParams = z.object({ questionId: z.string().uuid() });
export const mistakeDismissData = z.object({ questionId: z.string(), dismissedAt: z.string() });
export type MistakeDismissData = z.infer<typeof mistakeDismissData>;

// ---- POST /v1/questions/:id/reports ---------------------------------------------------------------

export const REPORT_REASONS = ['wrong-key', 'typo', 'unclear', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  'wrong-key': 'The answer key is wrong',
  typo: 'There is a typo',
  unclear: 'The question is unclear',
  other: 'Something else',
};
export const REPORT_NOTE_MAX_LENGTH = 1000;

export const questionReportParams = z.object({ id: z.string().uuid() });
export const questionReportBody = z.object({
  reason: z.enum(REPORT_REASONS),
  note: plainText(REPORT_NOTE_MAX_LENGTH, { multiline: true }).trim().optional(),
});
export type QuestionReportBody = z.infer<typeof questionReportBody>;
export const questionReport = z.object({
  id: z.string(),
  questionId: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(['open', 'resolved']),
  createdAt: z.string(),
});
export type QuestionReport = z.infer<typeof questionReport>;
export const questionReportData = z.object({ report: questionReport });
export type QuestionReportData = z.infer<typeof questionReportData>;

// ---- POST /v1/evaluations/:id/reports ---------------------------------------------------------------

/**
 * A report on a question of the learner's own session, named by its evaluation: what the quiz of a live
 * test and its held result have (docs/product.md#question-reports). The same body, limit and one open
 * report per question; the answer leaves out the question's id, which such a paper keeps until its
 * results are released.
 */
export const evaluationReportParams = questionReportParams;
/** Outside apiPaths, which every screen's bundle carries (/login's among them): only reports need it. */
export const evaluationReportsPath = '/v1/evaluations/:id/reports';
export const evaluationReportData = z.object({ report: questionReport.omit({ questionId: true }) });
export type EvaluationReportData = z.infer<typeof evaluationReportData>;

// ---- mastery in GET /v1/user-records --------------------------------------------------------------

export const topicMastery = z.object({
  topic: ref,
  subject: ref,
  /** 0–100: the estimated chance of answering a typical question of the topic right. */
  mastery: z.number().int().min(0).max(100),
  /** How many answered questions the estimate rests on. */
  answers: z.number().int(),
});
export type TopicMastery = z.infer<typeof topicMastery>;

// ---- the negative-marking coach on a result --------------------------------------------------------

export const COACH_ADVICE = ['attempt', 'skip', 'not enough data'] as const;
export type CoachAdvice = (typeof COACH_ADVICE)[number];

export const coachTopic = z.object({
  /** null: this session's questions without a topic. */
  topic: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** This session: questions answered, right (full marks), wrong (the rest answered), left blank. */
  attempted: z.number().int(),
  correct: z.number().int(),
  wrong: z.number().int(),
  unattempted: z.number().int(),
  /** Right answers / answers over the learner's whole history in the topic (null: no answers yet). */
  accuracy: z.number().min(0).max(1).nullable(),
  historyAnswers: z.number().int(),
  /** The marks of this topic's questions under the session's scheme (average when types differ). */
  marksRight: z.number(),
  /** Negative or 0: what a wrong answer costs. */
  marksWrong: z.number(),
  /** accuracy × marksRight + (1 − accuracy) × marksWrong; null without history. */
  expectedPerAttempt: z.number().nullable(),
  advice: z.enum(COACH_ADVICE),
});
export type CoachTopic = z.infer<typeof coachTopic>;

export const coachData = z.object({
  /** Marks the wrong answers took away (a positive number: 3 wrong at −1 → 3). */
  marksLostToWrong: z.number(),
  /** Full marks of the questions left blank. */
  marksLeftUnattempted: z.number(),
  /** Under this scheme, a blind guess among `options` single-correct options: its expected marks. */
  blindGuess: z.object({
    options: z.number().int(),
    marksRight: z.number(),
    marksWrong: z.number(),
    expected: z.number(),
  }),
  /** Answers a topic needs before the advice is attempt/skip. */
  minAnswers: z.number().int(),
  topics: z.array(coachTopic),
});
export type CoachData = z.infer<typeof coachData>;
