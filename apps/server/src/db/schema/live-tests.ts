import type { ItemAnalysisData, RankingData } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './accounts.js';
import { exams, modules } from './catalogue.js';
import { batches } from './console.js';

/** Live tests (docs/product.md#live-test-rules): scheduled papers, their rankings, and the practice percentile's counts. */

/** One subject's part of a scheduled paper, in the order the paper was drawn. */
export interface PaperSubject {
  subjectId: string;
  questionIds: string[];
}

/** What the ranking stores with the test (`summary`): the figures every taker shares. */
export interface RankingSummary {
  takers: number;
  /** Buckets without `yours` (that is the caller's). */
  distribution: Omit<RankingData['distribution'][number], 'yours'>[];
  topTenPercent: RankingData['topTenPercent'];
  subjects: {
    id: string;
    name: string;
    questions: number;
    topTenPercent: { accuracyPercent: number; averageSecondsPerQuestion: number };
  }[];
}

export const scheduledTests = pgTable(
  'scheduled_tests',
  {
    id: id(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id),
    name: text('name').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** `name@version`, fixed at scheduling like the paper. */
    markingScheme: text('marking_scheme').notNull(),
    totalMarks: integer('total_marks').notNull(),
    /** The paper, drawn once: every taker gets these questions (order shuffled within each subject). */
    paper: jsonb('paper').$type<PaperSubject[]>().notNull(),
    /** The same ids flat, for "which tests had this question" (key corrections). */
    questionIds: uuid('question_ids').array().notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * `at-close`: results open at the close (plus the save grace); `manual`: they stay closed, and the
     * paper out of circulation, until an operator releases them (`releasedAt`).
     */
    release: text('release').$type<'at-close' | 'manual'>().notNull().default('at-close'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** The latest close of a window re-opened for one learner, when later than `closesAt`. */
    extendedUntil: timestamp('extended_until', { withTimezone: true }),
    /** Set once the ranking is written (after the close); a key correction re-ranks and keeps it. */
    rankedAt: timestamp('ranked_at', { withTimezone: true }),
    /** Distribution and the top 10 %'s figures, computed with the ranking. */
    summary: jsonb('summary').$type<RankingSummary>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('scheduled_tests_closes').on(t.closesAt),
    // The ranking job's question: closed, not cancelled, not ranked yet.
    index('scheduled_tests_unranked')
      .on(t.closesAt)
      .where(sql`${t.rankedAt} IS NULL AND ${t.cancelledAt} IS NULL`),
  ],
);

/** The batches a test is for; a test with none is for every learner. */
export const scheduledTestBatches = pgTable(
  'scheduled_test_batches',
  {
    testId: uuid('test_id')
      .notNull()
      .references(() => scheduledTests.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.testId, t.batchId] }),
    index('scheduled_test_batches_batch').on(t.batchId),
  ],
);

/**
 * A window re-opened for one learner (a power cut at a centre): they may start a new attempt of the
 * test between `opensAt` and `closesAt`, and it is ranked with the rest. A second re-open replaces it.
 */
export const liveTestReopens = pgTable(
  'live_test_reopens',
  {
    testId: uuid('test_id')
      .notNull()
      .references(() => scheduledTests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.testId, t.userId] })],
);

/** A live test's item analysis as stored: every figure but the scope and the open reports (read live). */
export type StoredItemAnalysis = Omit<ItemAnalysisData, 'scope'>;

/**
 * A live test's item analysis (docs/item-analysis.md#when-it-is-computed), computed by the ranking job
 * at the close and again after what changes it (a key correction, a dropped question); a re-open
 * for one learner removes it until their window closes. The console's GET and CSV read it.
 */
export const liveTestItemAnalyses = pgTable('live_test_item_analyses', {
  testId: uuid('test_id')
    .primaryKey()
    .references(() => scheduledTests.id, { onDelete: 'cascade' }),
  analysis: jsonb('analysis').$type<StoredItemAnalysis>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One taker's place, written once at the close and rewritten by a key correction. */
export const liveTestRankings = pgTable(
  'live_test_rankings',
  {
    testId: uuid('test_id')
      .notNull()
      .references(() => scheduledTests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assessmentId: uuid('assessment_id').notNull(),
    score: integer('score').notNull(),
    rank: integer('rank').notNull(),
    percentile: doublePrecision('percentile').notNull(),
    /** Before the latest key correction that moved this taker (null: none did). */
    rankBefore: integer('rank_before'),
    percentileBefore: doublePrecision('percentile_before'),
    scoreBefore: integer('score_before'),
    rankChangedAt: timestamp('rank_changed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.testId, t.userId] }), index('live_test_rankings_user').on(t.userId)],
);

/**
 * The practice percentile (docs/product.md#practice-percentile): each learner's first completed ordinary mock test of a
 * module, and how many first attempts scored each score, kept current at completion so a result
 * never scans attempts.
 */
export const practiceFirstAttempts = pgTable(
  'practice_first_attempts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id),
    markingScheme: text('marking_scheme').notNull(),
    assessmentId: uuid('assessment_id').notNull(),
    score: integer('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleId] })],
);

export const practiceScoreCounts = pgTable(
  'practice_score_counts',
  {
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id),
    markingScheme: text('marking_scheme').notNull(),
    score: integer('score').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.moduleId, t.markingScheme, t.score] })],
);
