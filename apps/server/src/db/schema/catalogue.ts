import {
  DEFAULT_TOPIC_DURATION_MINUTES,
  DEFAULT_TOPIC_QUESTION_COUNT,
  type MarkingSchemeName,
  type QuestionKey,
  type QuestionStatus,
  type QuestionType,
  type TranslationSource,
  type TranslationStatus,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { users } from './accounts.js';

/** A translation's learner-visible texts as a question version keeps them. */
export interface VersionTranslation {
  text: string;
  options: string[];
  explanation: string | null;
  hints: string[];
  passage: string | null;
}
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, tsvector, updatedAt } from './columns.js';

/** The catalogue: exams → modules → subjects → topics, questions with their passages and figures. */

export const exams = pgTable('exams', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The exam's marking scheme (its modules may name their own); null: `spec`. */
  markingScheme: text('marking_scheme').$type<MarkingSchemeName>(),
  /** Each taker's options in an order of its own (the default), or the paper's order as NTA's papers keep it. */
  shuffleOptions: boolean('shuffle_options').notNull().default(true),
  /**
   * The languages its papers are in, the first being the questions' own (docs/decisions/0027-questions-in-two-languages.md);
   * the others come from question_translations.
   */
  languages: text('languages')
    .array()
    .notNull()
    .default(sql`'{en}'::text[]`),
  /** Which language's version counts when two disagree (NTA: English). */
  authoritativeLanguage: text('authoritative_language').notNull().default('en'),
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

/** A comprehension passage several questions share (docs/product.md#figures-and-passages); one row per distinct text. */
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
    /**
     * sha256 of its first version's text: its identity for imports (the same subject and text are the
     * same question), kept when an edit changes the text (docs/question-bank.md#re-importing-after-an-edit).
     */
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
    /** Hints its author wrote, levels 1–3 in order (docs/import-format.md); empty: the built-in ladder. */
    hints: jsonb('hints')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    passageId: uuid('passage_id').references(() => passages.id),
    /** A key correction dropped it (full marks to everyone given it); it is drawn no more. */
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
    source: text('source').$type<'seed' | 'import' | 'ai'>().notNull().default('import'),
    /** draft → review → approved → retired: only approved questions are drawn (docs/question-bank.md#workflow). */
    status: text('status').$type<QuestionStatus>().notNull().default('approved'),
    /**
     * The version learners are given now (docs/decisions/0028-question-versions.md): an edit writes the
     * old content to question_versions and bumps it; the columns above are always this version's.
     */
    version: integer('version').notNull().default(1),
    /**
     * What the console's bank search reads (docs/question-bank.md): text, options and explanation,
     * kept by PostgreSQL itself. Stored rather than an index on the expression: a search matching
     * thousands of questions rechecks each row, and recomputing the document made it ~300 ms.
     */
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`to_tsvector('english', text || ' ' || options::text || ' ' || coalesce(explanation, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('questions_subject_text').on(t.subjectId, t.textHash),
    index('questions_topic').on(t.topicId),
    index('questions_search').using('gin', t.searchDocument),
  ],
);

/**
 * A question's learner-visible texts in another language (docs/decisions/0027-questions-in-two-languages.md): the key,
 * marks, topic and figures stay the question's; options keep their order. Imports write approved
 * translations; the AI writes drafts, which nobody is shown until a person approves them.
 */
export const questionTranslations = pgTable(
  'question_translations',
  {
    id: id(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** A BCP 47 tag in canonical case (`hi`, `pt-BR`). */
    lang: text('lang').notNull(),
    text: text('text').notNull(),
    options: jsonb('options')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** null: the original's explanation is shown. */
    explanation: text('explanation'),
    hints: jsonb('hints')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The question's comprehension passage in this language; null: none, or the original's. */
    passage: text('passage'),
    status: text('status').$type<TranslationStatus>().notNull().default('draft'),
    source: text('source').$type<TranslationSource>().notNull().default('import'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('question_translations_question_lang').on(t.questionId, t.lang)],
);

/**
 * Each version of a question's learner-visible content and key (docs/decisions/0028-question-versions.md):
 * a session keeps the version it was given (assessments.question_versions) and its result shows that
 * one. A key correction rewrites the key of every version (deliberate re-scoring); an edit does not.
 */
export const questionVersions = pgTable(
  'question_versions',
  {
    id: id(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    type: text('type').$type<QuestionType>().notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    key: jsonb('key').$type<QuestionKey>().notNull(),
    answer: text('answer').notNull(),
    explanation: text('explanation'),
    hints: jsonb('hints').$type<string[]>().notNull(),
    passageId: uuid('passage_id').references(() => passages.id),
    /**
     * The approved translations learners were shown with this version, by language
     * (docs/languages.md#the-console); null: kept before versions covered translations, read the
     * current ones.
     */
    translations: jsonb('translations').$type<Record<string, VersionTranslation>>(),
    /** Who wrote this version in the console; null: imported, drafted by the AI, or before versions. */
    editorId: uuid('editor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('question_versions_question_version').on(t.questionId, t.version)],
);
