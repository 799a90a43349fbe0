import { type QuestionType } from '@ai-tutor/contract';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { modules } from './catalogue.js';

/**
 * Papers drawn ahead of time for module mock tests (docs/decisions/0029-papers-drawn-ahead.md): each
 * variant is one draw, reused by many starts, each start taking one of its few option orders. A variant
 * is deleted by a trigger (migration paper-variants-forget) as soon as any of its questions is updated
 * or deleted, so a start never takes an edited, retired or dropped question's stale version.
 */
export const paperVariants = pgTable(
  'paper_variants',
  {
    id: id(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    /** The module's subjects when it was drawn, in catalogue order: a start of another set draws afresh. */
    subjectIds: uuid('subject_ids').array().notNull(),
    /** The module's question count asked for (the draw may hold fewer when the bank is short). */
    asked: integer('asked').notNull(),
    /** The exam shuffled options when it was drawn (its orders are then shuffled ones). */
    shuffled: boolean('shuffled').notNull(),
    /** The scheme (name@version) its total marks are of. */
    markingScheme: text('marking_scheme').notNull(),
    totalMarks: integer('total_marks').notNull(),
    questionIds: uuid('question_ids').array().notNull(),
    /** The questions' versions (docs/decisions/0028-question-versions.md) and row versions (`xmin`) drawn. */
    questionVersions: integer('question_versions').array().notNull(),
    rowVersions: text('row_versions').array().notNull(),
    questionTypes: text('question_types').$type<QuestionType>().array().notNull(),
    /** How many option orders it has (paperVariantOrders): 1 when the exam keeps the bank's order. */
    orderCount: integer('order_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('paper_variants_module').on(t.moduleId),
    index('paper_variants_questions').using('gin', t.questionIds),
  ],
);

/**
 * A variant's option orders, one row each: a start copies one into its answer sheet, and reading one
 * row's ~30 kB is what it costs (all orders in one value would be read and decompressed whole).
 */
export const paperVariantOrders = pgTable(
  'paper_variant_orders',
  {
    variantId: uuid('variant_id')
      .notNull()
      .references(() => paperVariants.id, { onDelete: 'cascade' }),
    ord: integer('ord').notNull(),
    /** By position, the options as shown (the answer sheet's `options`). */
    options: jsonb('options').$type<string[][]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.ord] })],
);
