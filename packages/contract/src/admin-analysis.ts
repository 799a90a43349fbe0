import { z } from 'zod';

/**
 * Item analysis, results exports and batch analytics in the console (docs/item-analysis.md defines
 * every figure). Shares are 0–1, unrounded past four decimals; null where a figure has no data.
 */

export const ITEM_FLAG_CODES = [
  'negative-discrimination',
  'low-discrimination',
  'too-hard',
  'too-easy',
  'check-key',
  'open-reports',
] as const;
export const itemFlag = z.object({ code: z.enum(ITEM_FLAG_CODES), message: z.string() });
export type ItemFlag = z.infer<typeof itemFlag>;

export const analysisMessages = {
  testNotFound: 'Live test not found',
  moduleNotFound: 'Module not found',
} as const;

export const testIdParams = z.object({ id: z.uuid() });
export const moduleSlugParams = z.object({ slug: z.string().trim().min(1).max(200) });

const share = z.number().nullable();

/** One option's share of the top and bottom 27 % (and of everyone) who had the question. */
export const optionShare = z.object({
  option: z.string(),
  key: z.boolean(),
  top: z.number(),
  bottom: z.number(),
  all: z.number(),
});
export type OptionShare = z.infer<typeof optionShare>;

export const itemAnalysisItem = z.object({
  questionId: z.string(),
  /** Its place in the paper (a module: in the order of subjects, then first seen). */
  number: z.number().int(),
  subject: z.string(),
  topic: z.string().nullable(),
  type: z.string(),
  /** The start of its text, for recognising it. */
  text: z.string(),
  /** The key as the result shows it. */
  key: z.string(),
  dropped: z.boolean(),
  takers: z.number().int(),
  facility: share,
  partialShare: share,
  discrimination: share,
  pointBiserial: share,
  skipRate: share,
  medianSeconds: z.number().nullable(),
  options: z.array(optionShare),
  openReports: z.number().int(),
  flags: z.array(itemFlag),
});
export type ItemAnalysisItem = z.infer<typeof itemAnalysisItem>;

export const itemAnalysisData = z.object({
  scope: z.object({
    kind: z.enum(['live-test', 'module']),
    id: z.string(),
    name: z.string(),
    moduleSlug: z.string(),
  }),
  test: z.object({
    takers: z.number().int(),
    items: z.number().int(),
    /** Takers in each of the top and bottom groups: 27 % rounded, at least one. */
    groupSize: z.number().int(),
    mean: share,
    sd: share,
    sem: share,
    /** KR-20 over right/wrong, or Cronbach's α when some answer got partial marks; null without one common paper. */
    reliability: z.object({ method: z.enum(['kr20', 'alpha']), value: z.number() }).nullable(),
  }),
  /** Flagged questions first (most flags first), then in paper order. */
  items: z.array(itemAnalysisItem),
  /**
   * A live test's sessions not completed yet: still being taken, or past the close and about to be
   * completed by the server. The figures count only the completed ones until then.
   */
  notCompleted: z.number().int().optional(),
});
export type ItemAnalysisData = z.infer<typeof itemAnalysisData>;

// ── Batch analytics ─────────────────────────────────────────────────────────────────────────────────

export const analyticsTestsQuery = z.object({ batchId: z.uuid().optional() });
export const analyticsLiveTest = z.object({
  id: z.string(),
  name: z.string(),
  moduleSlug: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  maxScore: z.number(),
  /** Completed sessions (a teacher: of their batches' learners). */
  takers: z.number().int(),
  ranked: z.boolean(),
});
export type AnalyticsLiveTest = z.infer<typeof analyticsLiveTest>;
export const analyticsLiveTests = z.object({ tests: z.array(analyticsLiveTest) });
export type AnalyticsLiveTests = z.infer<typeof analyticsLiveTests>;

export const batchTestParams = z.object({ id: z.uuid(), testId: z.uuid() });

const accuracy = z.object({
  id: z.string(),
  name: z.string(),
  answered: z.number().int(),
  correct: z.number().int(),
  /** correct / answered × 100, one decimal. */
  accuracyPercent: z.number(),
  /** Seconds per answered question, one decimal. */
  averageSeconds: z.number(),
});
export const trendPoint = z.object({
  testId: z.string(),
  testName: z.string(),
  closesAt: z.string(),
  percentile: z.number(),
});
export const learnerTrend = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** Oldest first, the last 20 live tests the learner was ranked in. */
  trend: z.array(trendPoint),
  /** The last three percentiles each lower than the one before. */
  falling: z.boolean(),
  /** No completed attempt in INACTIVE_AFTER_DAYS days. */
  inactive: z.boolean(),
});
export type LearnerTrend = z.infer<typeof learnerTrend>;

export const batchAnalytics = z.object({
  batch: z.object({ id: z.string(), name: z.string(), memberCount: z.number().int() }),
  /** Weakest first. */
  subjects: z.array(accuracy),
  topics: z.array(accuracy.extend({ subject: z.string() })),
  learners: z.array(learnerTrend),
});
export type BatchAnalytics = z.infer<typeof batchAnalytics>;

export const batchTestAnalytics = z.object({
  batch: z.object({ id: z.string(), name: z.string() }),
  test: z.object({ id: z.string(), name: z.string(), maxScore: z.number(), takers: z.number().int() }),
  /** The batch's takers, best first: rank among every taker and within the batch. */
  leaderboard: z.array(
    z.object({
      batchRank: z.number().int(),
      rank: z.number().int(),
      learnerId: z.string(),
      name: z.string(),
      email: z.string(),
      score: z.number(),
      percentile: z.number(),
      seconds: z.number(),
    }),
  ),
  distribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  /** Members who did not take it. */
  absent: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type BatchTestAnalytics = z.infer<typeof batchTestAnalytics>;
