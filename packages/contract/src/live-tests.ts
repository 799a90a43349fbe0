import { z } from 'zod';
import { TEXT_LIMITS } from './constants.js';
import { MARKING_SCHEME_NAMES } from './marking.js';
import { text } from './text.js';

/**
 * Live tests (docs/product.md#live-test-rules): a module mock test with a window, one attempt per learner, the same
 * paper for every taker, ranked once when the window closes.
 *
 * Refusals that say when something opens (a start before the window, a result or a ranking before the
 * ranking is ready) are 409s in the error envelope with one extra field, `availableAt` (ISO): when to
 * ask again. Read it with `availableAtOf`. The message says it too, in UTC; the web formats its own.
 */

/** How the percentile is shown: NTA's two decimals ("99.87"). */
export const PERCENTILE_DECIMALS = 2;
/** The top group the ranking compares the learner with: this share of the takers, at least one. */
export const TOP_GROUP_SHARE = 0.1;
/** How many score buckets the distribution has at most. */
export const DISTRIBUTION_BUCKETS = 20;
/** The past tests `GET /v1/scheduled-tests` lists (newest first) and the trend covers at most. */
export const PAST_TESTS_LIMIT = 20;

/** NTA's percentile: 100 × (takers with a score ≤ yours) / (all takers). */
export const ntaPercentile = (atOrBelow: number, takers: number): number =>
  takers > 0 ? (100 * atOrBelow) / takers : 0;
/** "100.00", "33.33": truncated, not rounded, so a percentile never shows 100.00 unless it is. */
export const percentileText = (percentile: number): string =>
  (Math.floor(percentile * 10 ** PERCENTILE_DECIMALS + 1e-9) / 10 ** PERCENTILE_DECIMALS).toFixed(
    PERCENTILE_DECIMALS,
  );

export const scheduledTestStatus = z.enum(['upcoming', 'live', 'closed']);
export type ScheduledTestStatus = z.infer<typeof scheduledTestStatus>;

/** A rank and percentile, as a ranking and a list item show them. */
const standing = z.object({
  rank: z.number().int(),
  takers: z.number().int(),
  /** Unrounded; show `percentileText`. */
  percentile: z.number(),
  /** Two decimals, truncated ("99.87"). */
  percentileText: z.string(),
  score: z.number(),
  maxScore: z.number(),
});
export type Standing = z.infer<typeof standing>;

/**
 * The learner's part in a test. `ranked` once the ranking is ready (the window has closed); a closed
 * test the learner never started stays `not_started`.
 */
export const liveTestLearnerState = z.discriminatedUnion('state', [
  z.object({ state: z.literal('not_started') }),
  /** Started, not submitted: the slug resumes the session. */
  z.object({ state: z.literal('running'), slug: z.string() }),
  /** Submitted (or completed at its deadline); the ranking is not ready yet. */
  z.object({ state: z.literal('submitted'), slug: z.string() }),
  z.object({ state: z.literal('ranked'), slug: z.string() }).extend(standing.shape),
]);
export type LiveTestLearnerState = z.infer<typeof liveTestLearnerState>;

export const scheduledTest = z.object({
  id: z.string(),
  name: z.string(),
  exam: z.object({ name: z.string(), slug: z.string() }),
  module: z.object({ name: z.string(), slug: z.string() }),
  opensAt: z.string(),
  closesAt: z.string(),
  durationMinutes: z.number().int(),
  totalQuestions: z.number().int(),
  totalMarks: z.number().int(),
  markingScheme: z.object({ id: z.string(), name: z.enum(MARKING_SCHEME_NAMES), label: z.string() }),
  status: scheduledTestStatus,
  /** The ranking can be read (closed and ranked). */
  resultsReady: z.boolean(),
  /**
   * Its results are released by hand and not released yet (docs/live-tests.md): no ranking until an
   * editor releases them, so there is nothing to wait for.
   */
  resultsHeld: z.boolean(),
  you: liveTestLearnerState,
});
export type ScheduledTest = z.infer<typeof scheduledTest>;

/** `GET /v1/scheduled-tests?examSlug=`: every exam's tests, or one exam's. */
export const scheduledTestsQuery = z.object({ examSlug: text(TEXT_LIMITS.slug).trim().min(1).optional() });
export type ScheduledTestsQuery = z.infer<typeof scheduledTestsQuery>;

/** One point of the learner's percentile trend: a ranked live test they took. */
export const liveTestTrendPoint = z.object({
  testId: z.string(),
  name: z.string(),
  closesAt: z.string(),
  percentile: z.number(),
  percentileText: z.string(),
  rank: z.number().int(),
  takers: z.number().int(),
});
export type LiveTestTrendPoint = z.infer<typeof liveTestTrendPoint>;

export const scheduledTestsData = z.object({
  /** Opening soonest first. */
  upcoming: z.array(scheduledTest),
  /** Closing soonest first. */
  live: z.array(scheduledTest),
  /** Closed most recently first, at most PAST_TESTS_LIMIT. */
  past: z.array(scheduledTest),
  /**
   * The learner's percentile in each ranked test they took, oldest first (at most PAST_TESTS_LIMIT):
   * of the exam asked for with `examSlug`, else of every exam.
   */
  trend: z.array(liveTestTrendPoint),
  serverTime: z.string(),
});
export type ScheduledTestsData = z.infer<typeof scheduledTestsData>;

export const scheduledTestParams = z.object({ id: text(TEXT_LIMITS.id).trim().min(1) });

/** Score buckets [from, to): the last one includes its `to` (the paper's full marks). */
export const scoreBucket = z.object({
  from: z.number(),
  to: z.number(),
  count: z.number().int(),
  /** The learner's score falls in it. */
  yours: z.boolean(),
});
export type ScoreBucket = z.infer<typeof scoreBucket>;

/**
 * One subject's figures: accuracy is correct answers out of answered questions (0 when none was
 * answered), time is seconds per question of the subject's questions on the paper.
 */
const subjectFigures = z.object({
  accuracyPercent: z.number(),
  averageSecondsPerQuestion: z.number(),
});
export const rankingSubject = z.object({
  id: z.string(),
  name: z.string(),
  questions: z.number().int(),
  /** The top 10 % of takers (at least one), averaged over them. */
  topTenPercent: subjectFigures,
  /** null when the caller did not take the test. */
  you: subjectFigures.nullable(),
});
export type RankingSubject = z.infer<typeof rankingSubject>;

/** A key correction after the ranking moved the learner (docs/product.md#key-corrections, docs/product.md#live-test-rules). */
export const rankChange = z.object({
  rankBefore: z.number().int(),
  rankAfter: z.number().int(),
  percentileBefore: z.number(),
  percentileAfter: z.number(),
  scoreBefore: z.number(),
  scoreAfter: z.number(),
  at: z.string(),
});
export type RankChange = z.infer<typeof rankChange>;

/**
 * `GET /v1/scheduled-tests/:id/ranking`. 404 for an unknown or cancelled test; 409 with `availableAt`
 * until the ranking is ready. A learner who did not take the test gets the figures with `you: null`.
 */
export const rankingData = z.object({
  test: scheduledTest,
  takers: z.number().int(),
  maxScore: z.number(),
  rankedAt: z.string(),
  you: standing
    .extend({
      /** The learner's session, for the result page. */
      slug: z.string(),
      /** The latest key correction that changed the learner's rank; null if none did. */
      rankChanged: rankChange.nullable(),
    })
    .nullable(),
  /** Bucket width: the paper's full marks over DISTRIBUTION_BUCKETS (at least 1). */
  distribution: z.array(scoreBucket),
  topTenPercent: z.object({ takers: z.number().int(), averageScore: z.number(), minScore: z.number() }),
  subjects: z.array(rankingSubject),
});
export type RankingData = z.infer<typeof rankingData>;

/**
 * Added to an ordinary module mock test's result (`resultData.practicePercentile`): this score among
 * every learner's first attempt of the module under the same marking scheme (this one included once
 * it is a first attempt).
 */
export const practicePercentile = z.object({
  /** Null below PERCENTILE_MIN_FIRST_ATTEMPTS first attempts (constants.ts). */
  percentile: z.number().nullable(),
  percentileText: z.string().nullable(),
  /** How many first attempts it is compared with. */
  firstAttempts: z.number().int(),
});
export type PracticePercentile = z.infer<typeof practicePercentile>;

/** On `resultData`, `submitAssessmentData` and the session: which live test a session belongs to. */
export const liveTestRef = z.object({
  id: z.string(),
  name: z.string(),
  closesAt: z.string(),
  /** Scores, keys and explanations are hidden until then (the result call answers 409 until then). */
  resultsReady: z.boolean(),
});
export type LiveTestRef = z.infer<typeof liveTestRef>;

/** The 409 of a refusal that says when to ask again: `{message, data: null, availableAt}`. */
export const availableAtError = z.object({ message: z.string(), data: z.null(), availableAt: z.string() });
export function availableAtOf(body: unknown): Date | null {
  const parsed = availableAtError.safeParse(body);
  return parsed.success ? new Date(parsed.data.availableAt) : null;
}
