import { z } from 'zod';
import type { StaffRole } from './auth.js';

/**
 * The institute's console (`/admin` in the web app, `/api/v1/admin/…` on the server): roles, the
 * audit log, batches and learners. A user with no role is a learner; `admin` may do everything.
 */
// The roles themselves are in auth.ts, with the user that carries them; the paths in admin-paths.ts.

/** What the console's API says in `message`. */
export const consoleMessages = {
  roleRequired: 'This needs a console role',
  roleGranted: (email: string, role: StaffRole) => `${email} now has the ${role} role.`,
  roleAlreadyHeld: (email: string, role: StaffRole) => `${email} already has the ${role} role.`,
  roleRevoked: (email: string, role: StaffRole) => `${email} no longer has the ${role} role.`,
  roleNotHeld: (email: string, role: StaffRole) => `${email} does not have the ${role} role.`,
  noSuchUser: (email: string) => `No account with the email ${email}.`,
  batchCreated: 'Batch created',
  batchUpdated: 'Batch updated',
  batchNotFound: 'Batch not found',
  batchNameTaken: (name: string) => `A batch named "${name}" already exists.`,
  membersAdded: 'Members added',
  learnerNotFound: 'Learner not found',
  /**
   * What a disabled learner's sign-in and refresh answer (403). Here, not with the account messages:
   * the web app shows the server's message, so the learner's first page need not carry it.
   */
  accountDisabled: 'This account has been disabled by your institute. Please contact them to restore access.',
  learnerDisabled: (email: string) => `${email} is disabled: their sessions have ended.`,
  learnerEnabled: (email: string) => `${email} can sign in again.`,
} as const;

/** `?page&limit` of every console list: pages count from 1. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** A page of a console list: the rows and how many there are in all (the grid's row count). */
export const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number() });

// ── Audit ────────────────────────────────────────────────────────────────────────────────────────────

export const auditQuery = pageQuery.extend({
  /** Part of the actor's email (or `cli`), case-insensitive. */
  actor: z.string().trim().max(200).optional(),
  /** An object type (`user`), or a type and id (`user:7f…`). */
  object: z
    .string()
    .trim()
    .max(200)
    .regex(/^[a-z][a-z-]*(:[^\s]+)?$/, 'use a type such as user, or type:id')
    .optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** The user who acted; null for the command line. */
  actorId: z.string().nullable(),
  /** Their email at the time, or `cli`. */
  actor: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  /** A name a reader recognises (an email, a batch's name), when there is one. */
  objectLabel: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = page(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;

// ── Batches and learners ─────────────────────────────────────────────────────────────────────────────

export const batchIdParams = z.object({ id: z.uuid() });

export const batch = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  memberCount: z.number(),
  createdAt: z.string(),
});
export type Batch = z.infer<typeof batch>;

export const batchMember = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type BatchMember = z.infer<typeof batchMember>;
/** Members are the batch's learners; teachers are assigned to it and see only their batches. */
export const batchDetail = batch.extend({ members: z.array(batchMember), teachers: z.array(batchMember) });
export type BatchDetail = z.infer<typeof batchDetail>;

const batchName = z.string().trim().min(1).max(120);
const description = z.string().trim().max(500);
const emails = z.array(z.email().max(254)).max(1000);

export const createBatchBody = z.object({
  name: batchName,
  description: description.optional(),
  memberEmails: emails.optional(),
});
export type CreateBatchBody = z.input<typeof createBatchBody>;

export const updateBatchBody = z
  .object({
    name: batchName.optional(),
    description: description.nullable().optional(),
    addEmails: emails.optional(),
    removeUserIds: z.array(z.uuid()).max(1000).optional(),
    /** Accounts holding the teacher role; other emails come back in `unknownEmails`. */
    addTeacherEmails: emails.optional(),
    removeTeacherIds: z.array(z.uuid()).max(1000).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'nothing to change');
export type UpdateBatchBody = z.input<typeof updateBatchBody>;

/** Emails asked for that have no account (or, for teachers, no teacher role): the rest were added. */
export const batchWriteResult = z.object({ batch: batchDetail, unknownEmails: z.array(z.string()) });
export type BatchWriteResult = z.infer<typeof batchWriteResult>;

export const learnersQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  batchId: z.uuid().optional(),
});
export type LearnersQuery = z.input<typeof learnersQuery>;

export const learnerRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  verified: z.boolean(),
  disabled: z.boolean(),
  batches: z.array(z.object({ id: z.string(), name: z.string() })),
  lastActiveAt: z.string().nullable(),
  attempts: z.number(),
  /** Accommodations (admin-people.ts): extra time on every timed test they start. */
  extraTimePercent: z.number(),
  extraTimeMinutes: z.number(),
});
export type LearnerRow = z.infer<typeof learnerRow>;
export const learnersPage = page(learnerRow);
export type LearnersPage = z.infer<typeof learnersPage>;

export const learnerIdParams = z.object({ id: z.uuid() });
export const learnerStatusBody = z.object({
  disabled: z.boolean(),
  reason: z.string().trim().max(500).optional(),
});
export type LearnerStatusBody = z.input<typeof learnerStatusBody>;
