import {
  type Confidence,
  type QuestionKey,
  type QuestionType,
  type QuizType,
  type SessionMode,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './accounts.js';
import { exams, modules, questions, subjects, topics } from './catalogue.js';

/** Quiz sessions (one row each: decision 0010), key corrections and performance records. */

export const assessments = pgTable(
  'assessments',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizType: text('quiz_type').$type<QuizType>().notNull(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id),
    /** Null for a session drawn across an exam (review, adaptive without a module). */
    moduleId: uuid('module_id').references(() => modules.id),
    subjectId: uuid('subject_id').references(() => subjects.id),
    topicId: uuid('topic_id').references(() => topics.id),
    sessionName: text('session_name').notNull(),
    totalQuestions: integer('total_questions').notNull(),
    totalMarks: integer('total_marks').notNull(),
    totalTime: integer('total_time').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }),
    score: integer('score'),
    answeredQuestion: integer('answered_question').notNull().default(0),
    sessionCompleted: boolean('session_completed').notNull().default(false),
    /** When the server scored it (endTime is the learner's end: the deadline for a swept session). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * What the attempt is of (quiz type and catalogue ids): a learner has at most one running attempt
     * per scope (docs/product.md#running-attempts), held by the partial unique index below.
     */
    scopeKey: text('scope_key').notNull(),
    markingScheme: text('marking_scheme').notNull().default('spec@1'),
    /** The live test this session is an attempt of (docs/product.md#live-test-rules; no FK: live-tests.ts owns that table). */
    scheduledTestId: uuid('scheduled_test_id'),
    /** docs/product.md#performance-records: only timed sessions feed the performance records; the others check and hint. */
    mode: text('mode').$type<SessionMode>().notNull().default('timed'),
    /** Has a countdown (an untimed session's deadline is only the sweep's far limit). */
    timed: boolean('timed').notNull().default(true),
    /** The session's questions by position (decision 0010); what is written on them is its answer sheet. */
    questionIds: uuid('question_ids').array().notNull(),
    /** The version of each question it was given, by position (docs/decisions/0028-question-versions.md). */
    questionVersions: integer('question_versions')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /**
     * The language the learner started it in, of its exam's (docs/languages.md); null: the exam's
     * authoritative one. Only what is shown depends on it.
     */
    language: text('language'),
    /** The drawn-ahead paper it was started from, if any (decision 0029; no FK: variants are deleted). */
    paperVariantId: uuid('paper_variant_id'),
    /** Set on completion: each question's marks (null: not attempted). */
    scores: jsonb('scores').$type<(number | null)[]>(),
    /** The AI grader's one-line reasons, by position (free text it judged). */
    gradingNotes: jsonb('grading_notes').$type<Record<string, string>>(),
    /** The AI tutor's explanations, by position, once asked for. */
    aiExplanations: jsonb('ai_explanations').$type<Record<string, string>>(),
    // Practice and review (docs/product.md#practice-and-review-sessions), by position; null in timed sessions (which position is
    // checked, and so locked, is on the answer sheet).
    confidence: text('confidence').$type<Confidence>().array(),
    hintsGiven: integer('hints_given').array(),
    /** The mark each check gave, by position (so a reload shows the same verdict). */
    checkScores: jsonb('check_scores').$type<Record<string, number | null>>(),
    /**
     * Checks made so far by position, and the mark of the answer the position locked with (checkScores
     * keeps the first check's, the one that counts: decision 0016).
     */
    checkTries: jsonb('check_tries').$type<Record<string, { tries: number; mark: number | null }>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('assessments_user_created').on(t.userId, t.createdAt),
    index('assessments_open_deadline')
      .on(t.deadline)
      .where(sql`${t.sessionCompleted} = false`),
    uniqueIndex('assessments_one_running')
      .on(t.userId, t.scopeKey)
      .where(sql`${t.sessionCompleted} = false`),
    // One attempt per learner per live test, however many starts race.
    uniqueIndex('assessments_one_per_live_test')
      .on(t.scheduledTestId, t.userId)
      .where(sql`${t.scheduledTestId} IS NOT NULL`),
  ],
);

/**
 * A session's answer sheet (decision 0013): the options in the order the session shows them and what
 * the learner writes against each question, by position, one row per session. Saves update this row
 * and nothing else, so it holds only what a save reads and writes: its own copies of the session's
 * owner, deadline and length (set at the start, never changed) and a completed flag that completion
 * sets under the session's lock. Narrow and with one index, a save costs less than on the session's
 * wide row (counted in docs/performance.md).
 */
export const answerSheets = pgTable('answer_sheets', {
  assessmentId: uuid('assessment_id')
    .primaryKey()
    .references(() => assessments.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull(),
  deadline: timestamp('deadline', { withTimezone: true }).notNull(),
  /** Minutes, as the session's: time spent on a question is capped at the session's length. */
  totalTime: integer('total_time').notNull(),
  completed: boolean('completed').notNull().default(false),
  questionTypes: text('question_types').$type<QuestionType>().array().notNull(),
  /** Each question's options in the order this session shows them ([] for typed answers). */
  options: jsonb('options').$type<string[][]>().notNull(),
  /**
   * Each answer as JSON text (a string, or an array of options for multiple-correct); NULL unanswered.
   * An array element is replaced in place, where a jsonb array would be rebuilt whole on every save.
   */
  answers: text('answers').array().$type<(string | null)[]>().notNull(),
  marked: boolean('marked').array().notNull(),
  timeSpent: integer('time_spent').array().notNull(),
  /**
   * Positions the learner opened (the web app reports them with the submit; a save, a mark or time
   * spent also tells): an unanswered position never opened is not a mistake and never enters review.
   */
  visited: boolean('visited').array(),
  /** Practice and review (docs/product.md#practice-and-review-sessions): a checked position is locked, saves to it are refused. */
  checked: boolean('checked').array(),
  /**
   * Each position's last applied save order (the browser's, docs/decisions/0018-exam-day-arrival.md):
   * a save older than the stored one writes nothing. NULL until a save carries one.
   */
  saveSequence: bigint('save_sequence', { mode: 'number' }).array(),
});

/** An operator's key correction or dropped question (docs/product.md#key-corrections): the audit row. */
export const keyCorrections = pgTable('key_corrections', {
  id: id(),
  questionId: uuid('question_id')
    .notNull()
    .references(() => questions.id),
  kind: text('kind').$type<'key' | 'drop'>().notNull(),
  reason: text('reason').notNull(),
  /** Who made it (the CLI's --by, else the OS user). */
  operator: text('operator').notNull(),
  before: jsonb('before').$type<QuestionKey>().notNull(),
  /** The new key; null for a dropped question. */
  after: jsonb('after').$type<QuestionKey>(),
  sessionsRescored: integer('sessions_rescored').notNull().default(0),
  createdAt: createdAt(),
});

/** What a correction changed in one completed session: the learner's result says so. */
export const sessionCorrections = pgTable(
  'session_corrections',
  {
    id: id(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    correctionId: uuid('correction_id')
      .notNull()
      .references(() => keyCorrections.id),
    position: integer('position').notNull(),
    scoreBefore: integer('score_before'),
    scoreAfter: integer('score_after'),
    createdAt: createdAt(),
  },
  (t) => [index('session_corrections_assessment').on(t.assessmentId)],
);

export const performanceRecords = pgTable(
  'performance_records',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').$type<'exam_module' | 'subject' | 'topic'>().notNull(),
    entityId: uuid('entity_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    totalScore: integer('total_score').notNull().default(0),
    totalMarks: integer('total_marks').notNull().default(0),
    /** Sum of the attempts' percentages; the average is this over attempts. */
    percentageSum: doublePrecision('percentage_sum').notNull().default(0),
    lastAttemptScore: integer('last_attempt_score').notNull().default(0),
    highestScore: integer('highest_score').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('performance_records_user_entity').on(t.userId, t.entityType, t.entityId)],
);
