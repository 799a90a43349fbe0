import { z } from 'zod';
import { sessionLanguages, shownTranslation } from './translations.js';
import {
  ATTEMPT_ENTITY_TYPES,
  ATTEMPTS_DEFAULT_PAGE_SIZE,
  ATTEMPTS_PAGE_SIZES,
  QUIZ_TYPES,
  SESSION_TIME_LIMIT_MAX_MINUTES,
  SESSION_TYPES,
  TEXT_LIMITS,
  TIME_SPENT_MAX_SECONDS,
} from './constants.js';
import { timeLimitReviewOnlyMessage } from './quiz-messages.js';
import { answerValue, practiceEvaluationFields, sessionMode } from './practice.js';
import { text } from './text.js';
import { MARKING_SCHEME_NAMES, OUTCOME_LABELS } from './marking.js';
import { QUESTION_TYPES } from './questions.js';
import { liveTestRef, practicePercentile } from './live-tests.js';
import { coachData } from './tutor.js';

const slug = text(TEXT_LIMITS.slug).trim().min(1);
/** `:slug` of an assessment (session, submit, result). */
export const assessmentSlugParams = z.object({ slug });

export const createAssessmentBody = z
  .object({
    examSlug: slug,
    quizType: z.enum(QUIZ_TYPES),
    /** Required for module, subject and topic quizzes; narrows an adaptive one; unused by review. */
    moduleSlug: slug.optional(),
    subjectSlug: slug.optional(),
    topicSlug: slug.optional(),
    /** docs/product.md#practice-and-review-sessions: `practice` is untimed with feedback per question; `quiz` (the first name of it) = `timed`. */
    type: z.enum(SESSION_TYPES).default('timed'),
    /** Review and adaptive only: makes the session timed (a review is untimed without it). */
    timeLimitMinutes: z.number().int().min(1).max(SESSION_TIME_LIMIT_MAX_MINUTES).optional(),
    /**
     * docs/product.md#running-attempts: a scope with a running attempt answers that attempt; `startAfresh: true` ends
     * (submits) it first and starts a new one.
     */
    startAfresh: z.boolean().optional(),
    /**
     * With `startAfresh`: the slug of the running attempt the learner was shown (decision 0015). It is
     * ended only while it is still the scope's running attempt; once another request has replaced it,
     * the start answers that request's new attempt and writes nothing, so racing requests make one.
     */
    replaces: slug.optional(),
    /**
     * docs/product.md#live-test-rules: starts (or resumes) this live test. The test decides the paper; the scope fields
     * still name its exam and module with quizType 'module'. One attempt per learner.
     */
    scheduledTestId: z.string().uuid().optional(),
    /**
     * The language the learner picked on the instructions screen (docs/languages.md), a BCP 47 tag; one
     * the exam does not have is read as its authoritative language. Only what is shown depends on it.
     */
    language: z.string().min(2).max(35).optional(),
  })
  .refine((v) => v.quizType === 'review' || v.quizType === 'adaptive' || v.moduleSlug !== undefined, {
    message: 'moduleSlug is required for module, subject and topic quizzes',
    path: ['moduleSlug'],
  })
  .refine((v) => (v.quizType !== 'subject' && v.quizType !== 'topic') || v.subjectSlug !== undefined, {
    message: 'subjectSlug is required for subject and topic quizzes',
    path: ['subjectSlug'],
  })
  .refine((v) => v.quizType !== 'topic' || v.topicSlug !== undefined, {
    message: 'topicSlug is required for topic quizzes',
    path: ['topicSlug'],
  })
  .refine((v) => v.quizType !== 'adaptive' || v.subjectSlug === undefined || v.moduleSlug !== undefined, {
    message: 'moduleSlug is required with subjectSlug',
    path: ['moduleSlug'],
  })
  .refine((v) => v.timeLimitMinutes === undefined || v.quizType === 'review' || v.quizType === 'adaptive', {
    message: timeLimitReviewOnlyMessage,
    path: ['timeLimitMinutes'],
  });
export type CreateAssessmentBody = z.input<typeof createAssessmentBody>;

const ref = z.object({ id: z.string(), name: z.string(), slug: z.string() });

export const assessment = z.object({
  _id: z.string(),
  slug: z.string(),
  sessionName: z.string(),
  quizType: z.enum(QUIZ_TYPES),
  score: z.number().nullable(),
  totalMarks: z.number().int(),
  totalTime: z.number().int(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** For an untimed session (`timed: false`) only the sweep's far limit: not to be shown. */
  deadline: z.string(),
  /** docs/product.md#practice-and-review-sessions: timed test, practice or review (the last two give feedback and hints). */
  mode: sessionMode,
  /** Has a countdown: every timed test, and a review or adaptive session given timeLimitMinutes. */
  timed: z.boolean(),
  serverTime: z.string(),
  createdAt: z.string(),
  sessionCompleted: z.boolean(),
  answeredQuestion: z.number().int(),
  totalQuestions: z.number().int(),
  exam: z.object({ name: z.string(), slug: z.string() }),
  /** Null for a session drawn across an exam (review, adaptive without a module). */
  examModule: ref.nullable(),
  subject: ref.nullable(),
  topic: ref.nullable(),
  /** `name@version` of the marking scheme the session is marked by (docs/product.md#marking-schemes). */
  markingScheme: z.object({ id: z.string(), name: z.enum(MARKING_SCHEME_NAMES), label: z.string() }),
  /**
   * The live test this session is an attempt of (docs/product.md#live-test-rules); absent for ordinary quizzes. Until
   * `resultsReady`, `score` stays null even once completed.
   */
  liveTest: liveTestRef.optional(),
  /**
   * A paper in more than one language (docs/languages.md): the exam's languages, the one that decides
   * when a translation is ambiguous, and the one this session was started in. Absent: one language.
   */
  languages: sessionLanguages.optional(),
});
export type Assessment = z.infer<typeof assessment>;

export const evaluationStatus = z.enum(['answered', 'not_answered']);

/** What a learner sees while the session runs: no answer key, no explanation, no score. */
export const evaluation = z.object({
  _id: z.string(),
  baseQuestion: z.object({
    questionText: z.string(),
    options: z.array(z.string()),
    subject: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** How it is answered: one option, several, a number, or text (never its key). */
    questionType: z.enum(QUESTION_TYPES),
    /** A comprehension passage shared with other questions, shown above this one. */
    passage: z.string().nullable(),
    /** Its texts in the exam's other languages, by language tag (docs/languages.md). */
    translations: z.record(z.string(), shownTranslation).optional(),
  }),
  /** A string for single, numerical and text; option texts for multiple; null when not answered. */
  userAnswer: z.union([z.string(), z.array(z.string())]).nullable(),
  status: evaluationStatus,
  markedForReview: z.boolean(),
  ...practiceEvaluationFields,
});
export type Evaluation = z.infer<typeof evaluation>;

export const paperSection = z.object({
  title: z.string(),
  subject: z.object({ id: z.string(), name: z.string() }).nullable(),
  questionType: z.enum(QUESTION_TYPES),
  firstQuestion: z.number().int(),
  questionCount: z.number().int(),
  instructions: z.string(),
  marks: z.object({ correct: z.number(), wrong: z.number(), partial: z.boolean() }),
});

export const sessionData = z.object({
  assessment,
  evaluation: z.array(evaluation),
  /**
   * The paper's sections (sections.ts): subject by subject, one per way of answering, with their
   * instructions and marks. Derived from the questions and the scheme, never from the key. Optional:
   * a copy of a session kept in a browser before sections existed has none.
   */
  sections: z.array(paperSection).optional(),
});
export type SessionData = z.infer<typeof sessionData>;

/** `GET /v1/assessment/running`: what each running attempt is of, and how long it has left. */
export const runningAttempt = z.object({
  slug: z.string(),
  quizType: z.enum(QUIZ_TYPES),
  examSlug: z.string(),
  /** Null for a review (or exam-wide adaptive) session. */
  moduleSlug: z.string().nullable(),
  subjectSlug: z.string().nullable(),
  topicSlug: z.string().nullable(),
  sessionName: z.string(),
  mode: sessionMode,
  timed: z.boolean(),
  deadline: z.string(),
  serverTime: z.string(),
  answeredQuestion: z.number().int(),
  totalQuestions: z.number().int(),
});
export type RunningAttempt = z.infer<typeof runningAttempt>;
export const runningAttemptsData = z.object({ attempts: z.array(runningAttempt) });
/** How many recent results the home lists. */
export const RECENT_RESULTS_COUNT = 5;
/** `GET /v1/assessment/recent`: the learner's latest completed timed attempts, any exam, newest first. */
export const recentAttemptsData = z.object({ assessments: z.array(assessment) });
export type RecentAttemptsData = z.infer<typeof recentAttemptsData>;
export type RunningAttemptsData = z.infer<typeof runningAttemptsData>;

export const saveEvaluationBody = z.object({
  evaluationId: z.string().uuid(),
  /** Per docs/product.md#question-types: a string, or an array of option texts for multiple (empty clears). */
  userAnswer: answerValue.optional(),
  markedForReview: z.boolean().optional(),
  /** Seconds the learner spent on the question since the last save; added up on the server. */
  timeSpentSeconds: z.number().int().min(0).max(TIME_SPENT_MAX_SECONDS).optional(),
  /**
   * The save's place in the learner's order for this question (the web app sends the time it was made,
   * in ms on the server's clock as the browser knows it, never less than its previous one + 1). A save
   * older than the one stored writes nothing and answers what is stored. Absent: applied as it comes.
   */
  sequence: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type SaveEvaluationBody = z.infer<typeof saveEvaluationBody>;
/**
 * What a save answers: the fields it can change. The question's text, options and subject are the
 * session's and do not change, so they are not sent again.
 */
export const savedEvaluation = evaluation.pick({
  _id: true,
  userAnswer: true,
  status: true,
  markedForReview: true,
});
export type SavedEvaluation = z.infer<typeof savedEvaluation>;
export const saveEvaluationData = z.object({ evaluation: savedEvaluation, serverTime: z.string() });
export type SaveEvaluationData = z.infer<typeof saveEvaluationData>;

/** After completion: the answer key, the explanation and the score. */
export const resultEvaluation = evaluation.extend({
  /** The key as text ("B", "A; C", "2.5 ± 0.1"). */
  baseAnswer: z.string(),
  /** The right options of a multiple-correct question (an option question's key, as a list). */
  correctOptions: z.array(z.string()),
  outcome: z.enum(Object.values(OUTCOME_LABELS) as [string, ...string[]]),
  /** What the question was worth under the session's scheme. */
  maxScore: z.number(),
  explanation: z.string().nullable(),
  score: z.number().nullable(),
  timeSpentSeconds: z.number().int(),
  topic: z.object({ id: z.string(), name: z.string() }).nullable(),
  gradingNote: z.string().nullable().optional(),
  /** The explanation in the exam's other languages, by language tag (docs/languages.md). */
  translatedExplanations: z.record(z.string(), z.string()).optional(),
});
export type ResultEvaluation = z.infer<typeof resultEvaluation>;
/** A key correction that changed this session's marks after it was completed (docs/product.md#key-corrections). */
export const resultCorrection = z.object({
  /** 1-based, as the result table numbers questions. */
  questionNumber: z.number().int(),
  kind: z.enum(['key', 'drop']),
  reason: z.string(),
  scoreBefore: z.number().nullable(),
  scoreAfter: z.number().nullable(),
  at: z.string(),
});
export type ResultCorrection = z.infer<typeof resultCorrection>;
export const resultData = z.object({
  assessment,
  evaluations: z.array(resultEvaluation),
  corrections: z.array(resultCorrection),
  /** Ordinary module mock tests: this score among all learners' first attempts (docs/product.md#practice-percentile). */
  practicePercentile: practicePercentile.optional(),
  /** Timed sessions: where the marks went and whether guessing pays, per topic (docs/product.md#result-screen). */
  coach: coachData.optional(),
});
export type ResultData = z.infer<typeof resultData>;

export const attemptsQuery = z.object({
  entityType: z.enum(ATTEMPT_ENTITY_TYPES),
  entitySlug: slug,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((v) => (ATTEMPTS_PAGE_SIZES as readonly number[]).includes(v), {
      message: `limit must be one of ${ATTEMPTS_PAGE_SIZES.join(', ')}`,
    })
    .default(ATTEMPTS_DEFAULT_PAGE_SIZE),
});
export type AttemptsQuery = z.infer<typeof attemptsQuery>;
export const attemptsData = z.object({
  assessments: z.array(assessment),
  entityData: z.object({ name: z.string() }),
  total: z.number().int(),
});
export type AttemptsData = z.infer<typeof attemptsData>;

/**
 * `POST /v1/assessment/:slug/submit` body (optional): the evaluation ids the learner opened. Moving past
 * a blank question sends no save, so only the web app knows; an unanswered question never opened is
 * not a mistake and stays out of the review queue.
 */
export const submitAssessmentBody = z
  .object({ visited: z.array(z.string().max(64)).max(1_000).optional() })
  .nullish();
export type SubmitAssessmentBody = z.infer<typeof submitAssessmentBody>;

/** `POST /v1/assessment/:slug/submit`: the completed assessment, score included. */
export const submitAssessmentData = z.object({ assessment });
export type SubmitAssessmentData = z.infer<typeof submitAssessmentData>;
