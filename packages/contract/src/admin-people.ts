import { z } from 'zod';
import { page, pageQuery } from './admin.js';

/**
 * The console's people screens: members by CSV, batch invite codes, learners' accommodations, and the
 * AI-drafted questions awaiting review. Paths in admin-paths.ts (`adminPeoplePaths`).
 */

export const peopleMessages = {
  csvEmpty: 'The file has no emails: one per line, or a column headed "email".',
  csvUnreadable: (line: number, reason: string) => `The file could not be read at line ${line}: ${reason}`,
  csvTooManyRows: (max: number) => `At most ${max} rows a file.`,
  membersAdded: (added: number) => `${added} member${added === 1 ? '' : 's'} added`,
  membersRefused: (bad: number) =>
    `Nothing was added: ${bad} row${bad === 1 ? ' needs' : 's need'} fixing first (all-or-nothing).`,
  inviteCreated: 'Invite code created',
  inviteNotFound: 'Invite code not found',
  inviteRevoked: (code: string) => `${code} is revoked: nobody can register with it now.`,
  inviteAlreadyRevoked: (code: string) => `${code} was revoked already.`,
  expiryInPast: 'The expiry must be in the future',
  accommodationsSaved: (email: string) => `Accommodations saved for ${email}.`,
  nothingToChange: 'Give extraTimePercent or extraTimeMinutes',
  draftsApproved: (n: number) => `${n} question${n === 1 ? '' : 's'} approved`,
  draftsRejected: (n: number) => `${n} question${n === 1 ? '' : 's'} rejected`,
} as const;

// ── Members by CSV ────────────────────────────────────────────────────────────────────────────────────

/** Rows of a members CSV at most. */
export const CSV_MEMBERS_MAX_ROWS = 5000;

export const csvMembersQuery = z.object({
  /** `valid` adds the rows that can be added; `all-or-nothing` adds nothing unless every row can be. */
  mode: z.enum(['valid', 'all-or-nothing']).default('valid'),
});
export type CsvMembersMode = z.infer<typeof csvMembersQuery>['mode'];

/** The JSON form of the upload (a `text/csv` body is read as `{csv}`). */
export const csvMembersBody = z.object({ csv: z.string().max(1_000_000) });

export const CSV_ROW_RESULTS = [
  'added',
  'already-member',
  'no-such-learner',
  'invalid-email',
  'duplicate',
] as const;
export type CsvRowResult = (typeof CSV_ROW_RESULTS)[number];

export const csvMemberRow = z.object({
  /** The row's line in the file (1 = the first line). */
  line: z.number(),
  email: z.string(),
  /** In all-or-nothing mode a refused upload says `added` of the rows that would have been. */
  result: z.enum(CSV_ROW_RESULTS),
});
export type CsvMemberRow = z.infer<typeof csvMemberRow>;

export const csvMembersResult = z.object({
  /** false: all-or-nothing and some row could not be added, so nothing was. */
  applied: z.boolean(),
  added: z.number(),
  memberCount: z.number(),
  rows: z.array(csvMemberRow),
});
export type CsvMembersResult = z.infer<typeof csvMembersResult>;

// ── Invite codes ──────────────────────────────────────────────────────────────────────────────────────

export const createInviteBody = z.object({
  maxUses: z.number().int().min(1).max(100_000),
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((text) => new Date(text) > new Date(), peopleMessages.expiryInPast)
    .optional(),
  /** Registering with the code (or entering it after a Google sign-up) enrols the learner here. */
  batchId: z.uuid().optional(),
  /** A code of your own (letters, digits, dashes); one is generated otherwise. */
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'use 4 to 40 letters, digits or dashes')
    .optional(),
});
export type CreateInviteBody = z.input<typeof createInviteBody>;

export const INVITE_STATES = ['active', 'used-up', 'expired', 'revoked'] as const;

export const inviteRow = z.object({
  id: z.string(),
  code: z.string(),
  maxUses: z.number(),
  uses: z.number(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  batch: z.object({ id: z.string(), name: z.string() }).nullable(),
  state: z.enum(INVITE_STATES),
  createdAt: z.string(),
});
export type InviteRow = z.infer<typeof inviteRow>;
export const invitesPage = page(inviteRow);
export type InvitesPage = z.infer<typeof invitesPage>;
export const invitesQuery = pageQuery;
export const inviteIdParams = z.object({ id: z.uuid() });
export const revokeInviteBody = z.object({ reason: z.string().trim().max(500).optional() }).nullish();
export const createdInvite = z.object({ invite: inviteRow, registerUrl: z.string() });
export type CreatedInvite = z.infer<typeof createdInvite>;

// ── Accommodations ────────────────────────────────────────────────────────────────────────────────────

export const accommodationsBody = z
  .object({
    extraTimePercent: z.number().int().min(0).max(300).optional(),
    extraTimeMinutes: z.number().int().min(0).max(600).optional(),
    reason: z.string().trim().max(500).optional(),
  })
  .refine(
    (body) => body.extraTimePercent !== undefined || body.extraTimeMinutes !== undefined,
    peopleMessages.nothingToChange,
  );
export type AccommodationsBody = z.input<typeof accommodationsBody>;

export const accommodationsResult = z.object({
  id: z.string(),
  extraTimePercent: z.number(),
  extraTimeMinutes: z.number(),
});
export type AccommodationsResult = z.infer<typeof accommodationsResult>;

// ── AI drafts ─────────────────────────────────────────────────────────────────────────────────────────

export const draftsQuery = pageQuery.extend({ subjectSlug: z.string().trim().max(200).optional() });
export type DraftsQuery = z.input<typeof draftsQuery>;

export const draftRow = z.object({
  id: z.string(),
  text: z.string(),
  options: z.array(z.string()),
  answer: z.string(),
  explanation: z.string().nullable(),
  subject: z.string(),
  topic: z.string().nullable(),
  source: z.string(),
  createdAt: z.string(),
});
export type DraftRow = z.infer<typeof draftRow>;
export const draftsPage = page(draftRow);
export type DraftsPage = z.infer<typeof draftsPage>;

export const draftsDecisionBody = z.object({
  ids: z.array(z.uuid()).min(1).max(200),
  reason: z.string().trim().max(500).optional(),
});
export type DraftsDecisionBody = z.input<typeof draftsDecisionBody>;

export const draftsDecision = z.object({
  done: z.array(z.string()),
  /** Unknown ids and questions that are not drafts: left alone. */
  notDrafts: z.array(z.string()),
  /** Rejections refused: past quizzes refer to these drafts. */
  inUse: z.array(z.string()),
});
export type DraftsDecision = z.infer<typeof draftsDecision>;
