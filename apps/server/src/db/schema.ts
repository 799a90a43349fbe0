import {
  DEFAULT_TOPIC_DURATION_MINUTES,
  DEFAULT_TOPIC_QUESTION_COUNT,
  type AnswerValue,
  type MarkingSchemeName,
  type QuestionKey,
  type QuestionType,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
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

/**
 * The whole data model. Tables are unqualified (no schema) so that tests can give each file its own
 * PostgreSQL schema through search_path.
 */
const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

// ── Accounts ────────────────────────────────────────────────────────────────────────────────────────
export const inviteCodes = pgTable('invite_codes', {
  id: id(),
  code: text('code').notNull().unique(),
  maxUses: integer('max_uses').notNull().default(1),
  uses: integer('uses').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const users = pgTable('users', {
  id: id(),
  name: text('name').notNull(),
  /** Stored lower-cased: emails are unique case-insensitively. */
  email: text('email').notNull().unique(),
  phone: text('phone'),
  passwordHash: text('password_hash'),
  googleSub: text('google_sub').unique(),
  verified: boolean('verified').notNull().default(false),
  usedInviteCode: text('used_invite_code'),
  inviteCodeId: uuid('invite_code_id').references(() => inviteCodes.id),
  /**
   * Raised when every session of the account must end (Google linking a pre-registered account, a
   * password reset). Access tokens carry the value they were signed with; see lib/access-token.ts.
   */
  sessionGeneration: integer('session_generation').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One table for every one-time code: account verification, password reset OTP, reset token. */
export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('verifications_purpose_target').on(t.purpose, t.target)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    replacedById: uuid('replaced_by_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId), index('refresh_tokens_user').on(t.userId)],
);

// ── Catalogue ───────────────────────────────────────────────────────────────────────────────────────
export const exams = pgTable('exams', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The exam's marking scheme (its modules may name their own); null: `spec`. */
  markingScheme: text('marking_scheme').$type<MarkingSchemeName>(),
  createdAt: createdAt(),
});

export const modules = pgTable(
  'modules',
  {
    id: id(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    durationMinutes: integer('duration_minutes').notNull(),
    questionCount: integer('question_count').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Overrides the exam's marking scheme; null: the exam's. */
    markingScheme: text('marking_scheme').$type<MarkingSchemeName>(),
  },
  (t) => [index('modules_exam').on(t.examId)],
);

export const subjects = pgTable(
  'subjects',
  {
    id: id(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    durationMinutes: integer('duration_minutes').notNull(),
    questionCount: integer('question_count').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('subjects_module').on(t.moduleId)],
);

export const topics = pgTable(
  'topics',
  {
    id: id(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    durationMinutes: integer('duration_minutes').notNull().default(DEFAULT_TOPIC_DURATION_MINUTES),
    questionCount: integer('question_count').notNull().default(DEFAULT_TOPIC_QUESTION_COUNT),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('topics_subject').on(t.subjectId)],
);

/** A comprehension passage several questions share (DESIGN.md §6.1); one row per distinct text. */
export const passages = pgTable('passages', {
  id: id(),
  text: text('text').notNull(),
  textHash: text('text_hash').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Figures, stored in the database so every instance serves them, addressed by the SHA-256 of their
 * bytes (texts refer to them as `![alt](media:<sha256>)`).
 */
export const media = pgTable('media', {
  sha256: text('sha256').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

export const questions = pgTable(
  'questions',
  {
    id: id(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id').references(() => topics.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** sha256 of the text: a question is the same question when its subject and text are the same. */
    textHash: text('text_hash').notNull(),
    options: jsonb('options')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    type: text('type').$type<QuestionType>().notNull().default('single'),
    /** What is right (questions.ts); `answer` is the same key as one line of text, for people. */
    key: jsonb('key').$type<QuestionKey>().notNull(),
    answer: text('answer').notNull(),
    explanation: text('explanation'),
    passageId: uuid('passage_id').references(() => passages.id),
    /** A key correction dropped it (full marks to everyone given it); it is drawn no more. */
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
    source: text('source').$type<'seed' | 'import' | 'ai'>().notNull().default('import'),
    status: text('status').$type<'active' | 'draft'>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('questions_subject_text').on(t.subjectId, t.textHash),
    index('questions_topic').on(t.topicId),
  ],
);

// ── Quiz sessions ───────────────────────────────────────────────────────────────────────────────────
export const assessments = pgTable(
  'assessments',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizType: text('quiz_type').$type<'module' | 'subject' | 'topic'>().notNull(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id),
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
     * per scope (DESIGN.md §6.4), held by the partial unique index below.
     */
    scopeKey: text('scope_key').notNull(),
    markingScheme: text('marking_scheme').notNull().default('spec@1'),
    // A session's questions and answers, one array element per position (decision 0010): a start
    // writes one row, a save updates one element, completion reads and writes one row.
    questionIds: uuid('question_ids').array().notNull(),
    questionTypes: text('question_types').$type<QuestionType>().array().notNull(),
    /** The options of each question in the order this session shows them ([] for typed answers). */
    options: jsonb('options').$type<string[][]>().notNull(),
    answers: jsonb('answers').$type<AnswerValue[]>().notNull(),
    marked: boolean('marked').array().notNull(),
    timeSpent: integer('time_spent').array().notNull(),
    /** Set on completion: each question's marks (null: not attempted). */
    scores: jsonb('scores').$type<(number | null)[]>(),
    /** The AI grader's one-line reasons, by position (free text it judged). */
    gradingNotes: jsonb('grading_notes').$type<Record<string, string>>(),
    /** The AI tutor's explanations, by position, once asked for. */
    aiExplanations: jsonb('ai_explanations').$type<Record<string, string>>(),
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
  ],
);

/** An operator's key correction or dropped question (DESIGN.md §6.1): the audit row. */
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

// ── AI posts and LinkedIn ───────────────────────────────────────────────────────────────────────────
export const posts = pgTable(
  'posts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    aiGenerated: boolean('ai_generated').notNull().default(false),
    linkedinUrn: text('linkedin_urn'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When the learner chose to share the post by hand (copied it): from then on its page is public. */
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('posts_user').on(t.userId)],
);

export const linkedinConnections = pgTable('linkedin_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  memberId: text('member_id').notNull(),
  accessTokenEncrypted: text('access_token_encrypted').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: createdAt(),
});
