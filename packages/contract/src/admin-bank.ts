import { z } from 'zod';
import { page, pageQuery } from './admin.js';
import { QUESTION_STATUSES, QUESTION_TYPES } from './questions.js';

/**
 * The question bank as the console finds it (`GET /api/v1/admin/questions`): a page of questions
 * filtered by where they sit, their type and state, and a search over text, options and explanations
 * (docs/question-bank.md).
 */
export const BANK_STATUSES = [...QUESTION_STATUSES, 'dropped'] as const;
export type BankStatus = (typeof BANK_STATUSES)[number];
/** What an editor may set: `retired` leaves every past result as it was and is drawn no more. */
export const SETTABLE_STATUSES = QUESTION_STATUSES;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];
export const BANK_SORTS = ['updated', 'difficulty', 'answers', 'reports'] as const;

const slug = z.string().trim().min(1).max(120);
/** `true`/`false` in a query string; anything else is a 400 rather than a silent "false". */
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const bankQuery = pageQuery.extend({
  search: z.string().trim().min(1).max(200).optional(),
  examSlug: slug.optional(),
  moduleSlug: slug.optional(),
  subjectSlug: slug.optional(),
  topicSlug: slug.optional(),
  type: z.enum(QUESTION_TYPES).optional(),
  status: z.enum(BANK_STATUSES).optional(),
  hasFigure: flag.optional(),
  hasReports: flag.optional(),
  sort: z.enum(BANK_SORTS).default('updated'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type BankQuery = z.input<typeof bankQuery>;
export type BankFilters = z.output<typeof bankQuery>;

export const bankRow = z.object({
  id: z.string(),
  /** The question's text, cut to its first 240 characters. */
  text: z.string(),
  exam: z.string(),
  module: z.string(),
  subject: z.string(),
  topic: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  status: z.enum(BANK_STATUSES),
  /** Share of learners' attempted answers that were right (0–1); null before anyone answered it. */
  facility: z.number().nullable(),
  answers: z.number(),
  openReports: z.number(),
  hasFigure: z.boolean(),
  updatedAt: z.string(),
});
export type BankRow = z.infer<typeof bankRow>;
export const bankPage = page(bankRow);
export type BankPage = z.infer<typeof bankPage>;

/** Bulk actions on a selection of the bank (`POST /api/v1/admin/questions/bulk`), at most 500 at once. */
const bulkIds = z.array(z.uuid()).min(1).max(500);
const bulkReason = z.string().trim().max(500).optional();
export const bankBulkBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('set-status'),
    ids: bulkIds,
    status: z.enum(SETTABLE_STATUSES),
    reason: bulkReason,
  }),
  z.object({ action: z.literal('move'), ids: bulkIds, topicSlug: slug, reason: bulkReason }),
]);
export type BankBulkBody = z.input<typeof bankBulkBody>;
export const bankBulkResult = z.object({ changed: z.number() });
export type BankBulkResult = z.infer<typeof bankBulkResult>;

export const bankMessages = {
  questionsNotFound: (count: number) =>
    count === 1 ? 'A selected question no longer exists.' : `${count} selected questions no longer exist.`,
  topicNotFound: 'Topic not found',
  otherSubject: (count: number, subject: string) =>
    `${count === 1 ? 'A selected question is' : `${count} selected questions are`} not in ${subject}, the topic's subject.`,
  changed: (count: number) => (count === 1 ? '1 question changed.' : `${count} questions changed.`),
} as const;
