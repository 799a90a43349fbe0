import { z } from 'zod';
import { page, pageQuery } from './admin.js';
import { QUESTION_TYPES } from './questions.js';
import { REPORT_REASONS } from './tutor.js';

/**
 * The console's reports queue and key corrections (docs/product.md#key-corrections): learners' reports
 * grouped by question, the question as learners saw it, resolving its reports, and correcting its key
 * or dropping it, with a dry run that says who would change and writes nothing.
 */

/** What these endpoints say in `message`. */
export const keyCorrectionMessages = {
  questionNotFound: 'Question not found',
  reportsResolved: (n: number) => `Resolved ${n} open report${n === 1 ? '' : 's'}.`,
  reportsDismissed: (n: number) => `Dismissed ${n} open report${n === 1 ? '' : 's'}.`,
  noOpenReports: 'There are no open reports on this question.',
  dryRun: 'Dry run: nothing was changed. This is what the correction would do.',
  applied: (changed: number) =>
    `Key corrected: ${changed} session${changed === 1 ? '' : 's'} rescored and their learners told.`,
  dropped: (changed: number) =>
    `Question dropped: ${changed} session${changed === 1 ? '' : 's'} rescored and their learners told.`,
} as const;

// ── Reports queue ────────────────────────────────────────────────────────────────────────────────────

export const REPORT_STATUSES = ['open', 'resolved', 'all'] as const;
export type ReportStatusFilter = (typeof REPORT_STATUSES)[number];

export const reportsQuery = pageQuery.extend({ status: z.enum(REPORT_STATUSES).default('open') });
export type ReportsQuery = z.input<typeof reportsQuery>;

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type ReportPerson = z.infer<typeof person>;

export const reportEntry = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(['open', 'resolved']),
  reporter: person,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** The operator's note, or what the key correction that resolved it said. */
  resolution: z.string().nullable(),
});
export type ReportEntry = z.infer<typeof reportEntry>;

/** One question of the queue: its reports (of the status asked for) with counts per reason. */
export const reportGroup = z.object({
  /** The question's id (the grid's row id). */
  id: z.string(),
  questionText: z.string(),
  subject: z.string(),
  type: z.enum(QUESTION_TYPES),
  dropped: z.boolean(),
  reasons: z.partialRecord(z.enum(REPORT_REASONS), z.number()),
  total: z.number(),
  latestAt: z.string(),
  reports: z.array(reportEntry),
});
export type ReportGroup = z.infer<typeof reportGroup>;
export const reportsPage = page(reportGroup);
export type ReportsPage = z.infer<typeof reportsPage>;

export const reportQuestionParams = z.object({ questionId: z.uuid() });
export const resolveReportsBody = z.object({
  /** Dismissed: the reports were not right (the question stays as it is). */
  dismiss: z.boolean().default(false),
  note: z.string().trim().max(500).optional(),
});
export type ResolveReportsBody = z.input<typeof resolveReportsBody>;
export const resolveReportsResult = z.object({ questionId: z.string(), resolved: z.number() });
export type ResolveReportsResult = z.infer<typeof resolveReportsResult>;

// ── The question as learners saw it ──────────────────────────────────────────────────────────────────

export const questionKeySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('single'), answer: z.string() }),
  z.object({ type: z.literal('multiple'), answers: z.array(z.string()) }),
  z.object({ type: z.literal('numerical'), min: z.number(), max: z.number(), value: z.number().nullable() }),
  z.object({ type: z.literal('text'), answers: z.array(z.string()), wildcard: z.boolean() }),
]);

export const adminQuestionParams = z.object({ id: z.uuid() });
export const adminQuestion = z.object({
  id: z.string(),
  type: z.enum(QUESTION_TYPES),
  /** Text, options, passage and explanation as written: maths in `$…$`, figures as `![alt](media:…)`. */
  text: z.string(),
  passage: z.string().nullable(),
  options: z.array(z.string()),
  explanation: z.string().nullable(),
  key: questionKeySchema,
  /** The key as the result shows it. */
  keyText: z.string(),
  subject: z.string(),
  topic: z.string().nullable(),
  droppedAt: z.string().nullable(),
  openReports: z.number(),
  /** Every report on it, open and resolved, newest first. */
  reports: z.array(reportEntry),
  /** Completed sessions that had it: what a correction would rescore. */
  completedSessions: z.number(),
});
export type AdminQuestion = z.infer<typeof adminQuestion>;

// ── Key corrections ──────────────────────────────────────────────────────────────────────────────────

const correctionBase = {
  reason: z.string().trim().min(1, 'say why').max(500),
  /** Answer who would change and by how much; write nothing. */
  dryRun: z.boolean().optional(),
};
const number = z.number().finite();

/**
 * The CLI's choices: `{answer}` (single; for a typed-answer question the accepted text), `{answers}`
 * (multiple; for a typed-answer question the accepted texts), `{value, tolerance?}` or `{range}`
 * (numerical), `{drop: true}`. The question's own type decides which is allowed (a 400 otherwise).
 */
export const keyCorrectionBody = z.union([
  z.strictObject({ ...correctionBase, answer: z.string().trim().min(1).max(2000) }),
  z.strictObject({
    ...correctionBase,
    answers: z.array(z.string().trim().min(1).max(2000)).min(1).max(26),
  }),
  z.strictObject({ ...correctionBase, value: number, tolerance: number.min(0).optional() }),
  z.strictObject({
    ...correctionBase,
    range: z.tuple([number, number]).refine(([min, max]) => min <= max, 'the range is empty'),
  }),
  z.strictObject({ ...correctionBase, drop: z.literal(true) }),
]);
export type KeyCorrectionBody = z.input<typeof keyCorrectionBody>;

export const sessionScoreChange = z.object({
  assessmentId: z.string(),
  learner: person,
  /** The live test the session was of, if any. */
  liveTest: z.string().nullable(),
  scoreBefore: z.number(),
  scoreAfter: z.number(),
});
export type SessionScoreChange = z.infer<typeof sessionScoreChange>;

export const rankMove = z.object({
  learner: person,
  scoreBefore: z.number(),
  scoreAfter: z.number(),
  rankBefore: z.number(),
  rankAfter: z.number(),
  percentileBefore: z.number(),
  percentileAfter: z.number(),
});
export type RankMove = z.infer<typeof rankMove>;

export const keyCorrectionResult = z.object({
  dryRun: z.boolean(),
  /** The audit row of the correction; null for a dry run. */
  correctionId: z.string().nullable(),
  questionId: z.string(),
  before: z.string(),
  /** The new key as the result shows it; null: dropped. */
  after: z.string().nullable(),
  /** Completed sessions that had the question, and those whose score changes. */
  sessions: z.number(),
  changed: z.number(),
  learners: z.number(),
  reportsResolved: z.number(),
  changes: z.array(sessionScoreChange),
  /** Each ranked live test with the question, and the takers whose rank moves. */
  liveTests: z.array(z.object({ id: z.string(), name: z.string(), moves: z.array(rankMove) })),
});
export type KeyCorrectionResult = z.infer<typeof keyCorrectionResult>;
