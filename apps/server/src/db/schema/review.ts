import type { AnswerValue, Confidence, Outcome, ReportReason, SessionKind } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './accounts.js';
import { questions } from './catalogue.js';
import { keyCorrections } from './quiz.js';

/**
 * The tutor loop (docs/product.md#review-queue, decision 0011): per-question history filled when a session completes
 * (and when a practice answer is checked), so the queue, mastery and item difficulty never unnest
 * every session's arrays.
 */

/**
 * One row per question of a completed session, and per checked question of a practice session; a
 * position is recorded once (the key). No foreign keys and no surrogate id: completion writes 75 rows
 * per mock test, 3,750 per sweep batch on exam day, and each checked key costs there; the rows come
 * from a session that references its user and questions already (decision 0011).
 */
export const questionAttempts = pgTable(
  'question_attempts',
  {
    userId: uuid('user_id').notNull(),
    questionId: uuid('question_id').notNull(),
    assessmentId: uuid('assessment_id').notNull(),
    position: integer('position').notNull(),
    examId: uuid('exam_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    topicId: uuid('topic_id'),
    sessionKind: text('session_kind').$type<SessionKind>().notNull(),
    outcome: text('outcome').$type<Outcome>().notNull(),
    score: doublePrecision('score'),
    maxScore: doublePrecision('max_score').notNull(),
    confidence: text('confidence').$type<Confidence>(),
    timeSpent: integer('time_spent').notNull().default(0),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.position] }),
    index('question_attempts_user_topic').on(t.userId, t.topicId),
    // Per-question questions (what learners answered to one question) for operators and analytics.
    index('question_attempts_question').on(t.questionId),
  ],
);

/** A question in a learner's review queue: its ts-fsrs card and what the last answer was. */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    // ts-fsrs Card fields
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    state: integer('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    // what the learner last did with it
    lastOutcome: text('last_outcome').$type<Outcome>().notNull(),
    lastAnswer: jsonb('last_answer').$type<AnswerValue>(),
    lastConfidence: text('last_confidence').$type<Confidence>(),
    lastAssessmentId: uuid('last_assessment_id'),
    lastAnsweredAt: timestamp('last_answered_at', { withTimezone: true }).notNull(),
    // Copied from the question for the per-subject counts and the notebook's filters (no foreign
    // keys: the question's own are checked already, and each costs on exam day's completion batches).
    examId: uuid('exam_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    topicId: uuid('topic_id'),
    /** "I've got this": out of the queue until a wrong answer brings it back. */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    /**
     * When the card was first answered again after it entered the queue: until then it is a new card,
     * and at most REVIEW_NEW_CARDS_PER_DAY new cards are introduced in any 24 hours (the rest wait).
     */
    introducedAt: timestamp('introduced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('review_cards_user_due')
      .on(t.userId, t.due)
      .where(sql`${t.dismissedAt} IS NULL`),
  ],
);

/** A learner's flag on a question; operators list and resolve them (CLI `reports`). */
export const questionReports = pgTable(
  'question_reports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    note: text('note'),
    status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** How it was resolved: the operator's note, or the key correction that fixed the question. */
    resolution: text('resolution'),
    correctionId: uuid('correction_id').references(() => keyCorrections.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('question_reports_question').on(t.questionId),
    // One open report per learner and question: a second one updates it.
    uniqueIndex('question_reports_one_open')
      .on(t.userId, t.questionId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Item difficulty: all learners' answers to a question, updated as sessions complete, in up to 16
 * shards per question so that concurrent completions of one paper do not queue on its rows
 * (services/review/record-answers.ts); a question's counts are the sum of its shards.
 */
export const questionStats = pgTable(
  'question_stats',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull().default(0),
    /** Answered (attempted) times; left-blank answers say nothing about difficulty. */
    answers: integer('answers').notNull().default(0),
    correct: integer('correct').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.shard] })],
);

/**
 * Completed sessions whose answers wait to enter the history (services/review/history-queue.ts): the
 * exam-day sweep completes thousands of sessions a minute and must not wait for 75 history rows each,
 * and a live test's sessions wait here for their ranking. Drained in order, a batch per transaction.
 */
export const historyQueue = pgTable('history_queue', {
  assessmentId: uuid('assessment_id').primaryKey(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});
