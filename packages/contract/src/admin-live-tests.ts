import { z } from 'zod';
import { page, pageQuery } from './admin.js';

/**
 * Live tests from the console (docs/live-tests.md#from-the-console): admins and editors schedule, edit
 * before the opening, cancel, re-open a window for one learner, and release results held for checking;
 * teachers watch the tests of their batches.
 */

/** The console's live-test paths, relative to `/api` as apiPaths are (no zod needed to read them). */
export const adminLiveTestPaths = {
  list: '/v1/admin/scheduled-tests',
  one: '/v1/admin/scheduled-tests/:id',
  progress: '/v1/admin/scheduled-tests/:id/progress',
  cancel: '/v1/admin/scheduled-tests/:id/cancel',
  reopen: '/v1/admin/scheduled-tests/:id/reopen',
  release: '/v1/admin/scheduled-tests/:id/release',
} as const;

export const RELEASE_MODES = ['at-close', 'manual'] as const;
export const releaseMode = z.enum(RELEASE_MODES);
export type ReleaseMode = z.infer<typeof releaseMode>;

export const adminLiveTestMessages = {
  scheduled: 'Live test scheduled',
  updated: 'Live test updated',
  cancelled: 'Live test cancelled',
  released: 'Results released',
  reopened: (email: string) => `A new window is open for ${email}.`,
  notFound: 'Live test not found',
  /** Re-opening for an email with no account, or for an account the test is not for. */
  noAccount: (email: string) => `No account has the email ${email}.`,
  notForLearner: (email: string) => `This test is not for ${email}: they are in none of its batches.`,
  batchNotFound: 'Batch not found',
  alreadyOpen: 'The test has opened: it can no longer be changed or cancelled.',
  cancelledAlready: 'The test is cancelled.',
  notOpenYet: 'The test has not opened yet: the learner can take it in its own window.',
  alreadyRanked: 'The test has been ranked: its results are out, so it cannot be re-opened.',
  notManual: 'This test’s results open at its close: there is nothing to release.',
  releasedAlready: 'The results have been released already.',
  stillRunning: 'The test is still running: results can be released after its last window closes.',
} as const;

export const liveTestIdParams = z.object({ id: z.uuid() });

const isoDateTime = z.iso.datetime({ offset: true });
const testName = z.string().trim().min(1).max(160);
const batchIds = z.array(z.uuid()).max(50);

export const createLiveTestBody = z.object({
  moduleSlug: z.string().trim().min(1).max(120),
  name: testName.optional(),
  opensAt: isoDateTime,
  closesAt: isoDateTime,
  /** Without batches (or with none) the test is for every learner. */
  batchIds: batchIds.optional(),
  release: releaseMode.default('at-close'),
});
export type CreateLiveTestBody = z.input<typeof createLiveTestBody>;

export const updateLiveTestBody = z
  .object({
    name: testName.optional(),
    opensAt: isoDateTime.optional(),
    closesAt: isoDateTime.optional(),
    batchIds: batchIds.optional(),
    release: releaseMode.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'nothing to change');
export type UpdateLiveTestBody = z.input<typeof updateLiveTestBody>;

export const reopenBody = z.object({
  /** The learner's email, as an operator knows them (any case); the server finds the account. */
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  reason: z.string().trim().min(3).max(500),
  /** The new window's length; the test's duration when left out. */
  minutes: z.number().int().min(1).max(600).optional(),
});
export type ReopenBody = z.input<typeof reopenBody>;

export const adminLiveTestState = z.enum(['cancelled', 'upcoming', 'live', 'closed', 'ranked']);
export type AdminLiveTestState = z.infer<typeof adminLiveTestState>;

export const adminLiveTest = z.object({
  id: z.string(),
  name: z.string(),
  module: z.object({ slug: z.string(), name: z.string() }),
  exam: z.object({ slug: z.string(), name: z.string() }),
  opensAt: z.string(),
  closesAt: z.string(),
  /** A re-opened learner's window closing after `closesAt`; null when none does. */
  extendedUntil: z.string().nullable(),
  durationMinutes: z.number(),
  questions: z.number(),
  release: releaseMode,
  releasedAt: z.string().nullable(),
  state: adminLiveTestState,
  /** Results held for checking: closed, release `manual`, not released yet. */
  awaitingRelease: z.boolean(),
  batches: z.array(z.object({ id: z.string(), name: z.string() })),
  takers: z.number(),
});
export type AdminLiveTest = z.infer<typeof adminLiveTest>;
export const adminLiveTestPage = page(adminLiveTest);
export type AdminLiveTestPage = z.infer<typeof adminLiveTestPage>;
export const adminLiveTestsQuery = pageQuery;

export const liveTestReopen = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  reason: z.string(),
});
export type LiveTestReopen = z.infer<typeof liveTestReopen>;

/** Watching a test: sessions started, submitted (or completed at their deadline), running now. */
export const liveTestProgress = z.object({
  /** Learners the test is for: its batches' members, or null when it is for every learner. */
  eligible: z.number().nullable(),
  started: z.number(),
  submitted: z.number(),
  running: z.number(),
  reopened: z.array(liveTestReopen),
  serverTime: z.string(),
});
export type LiveTestProgress = z.infer<typeof liveTestProgress>;

export const adminLiveTestDetail = adminLiveTest.extend({ progress: liveTestProgress });
export type AdminLiveTestDetail = z.infer<typeof adminLiveTestDetail>;

/** What scheduling answers: the test, and how many of its questions another open paper holds too. */
export const scheduledLiveTest = z.object({ test: adminLiveTest, sharedQuestions: z.number() });
export type ScheduledLiveTest = z.infer<typeof scheduledLiveTest>;
