import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.js';

/**
 * A learner's own data: the export file, deleting the account, and an admin deleting a learner
 * (docs/decisions/0023-learners-data-and-backups.md). A module of its own so the learner's first page
 * never carries it; the profile page and the console import it.
 */

export const myDataPaths = {
  /** One JSON file with everything the app holds about the signed-in learner. */
  export: '/v1/users/me/export',
  /** Deletes the signed-in learner's account (password or a fresh Google ID token). */
  me: '/v1/users/me',
  /** An admin deletes a learner's account, with a reason. */
  adminLearner: '/v1/admin/learners/:id',
} as const;

/** What the learner types on the profile page before the delete button works. */
export const DELETE_CONFIRMATION = 'DELETE';

/** Either the password, or (a Google account) an ID token Google issued in the last few minutes. */
export const deleteAccountBody = z
  .object({
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
    googleIdToken: z.string().min(1).max(8192).optional(),
  })
  .strict()
  .refine((v) => (v.password === undefined) !== (v.googleIdToken === undefined), {
    message: 'Give the password or a Google ID token',
  });
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const adminDeleteLearnerBody = z.object({ reason: z.string().trim().min(3).max(500) }).strict();
export type AdminDeleteLearnerBody = z.infer<typeof adminDeleteLearnerBody>;

export const deletedAccount = z.object({ id: z.uuid(), deletedAt: z.string() });
export type DeletedAccount = z.infer<typeof deletedAccount>;

/** The readable block at the top of the export file. */
export const myDataSummary = z.object({
  generatedAt: z.string(),
  about: z.string(),
  name: z.string(),
  email: z.string(),
  memberSince: z.string(),
  sessions: z.number().int(),
  completedSessions: z.number().int(),
  answers: z.number().int(),
  reviewCards: z.number().int(),
  reports: z.number().int(),
  posts: z.number().int(),
});
export type MyDataSummary = z.infer<typeof myDataSummary>;

/** The file's top-level sections, in the order they are written. */
export const MY_DATA_SECTIONS = [
  'summary',
  'profile',
  'sessions',
  'records',
  'mastery',
  'reviewCards',
  'notebook',
  'reports',
  'posts',
  'liveTestRankings',
  'auditLog',
] as const;

export const myDataMessages = {
  pageTitle: 'Profile',
  pagePath: '/profile',
  downloadTitle: 'Your data',
  downloadText:
    'Download one file with everything the app holds about you: your profile, every test with its questions, your answers, marks and times, records, review cards, reports and posts.',
  download: 'Download my data',
  downloadFailed: 'Your data could not be downloaded. Try again.',
  deleteTitle: 'Delete account',
  deleteText:
    'Deleting your account signs you out everywhere and erases your name, email, phone, written answers and posts. Live-test rankings keep an anonymous row. This cannot be undone.',
  deleteTypeLabel: `Type ${DELETE_CONFIRMATION} to confirm`,
  passwordLabel: 'Password',
  googleHint: 'Signed up with Google? Set a password first with “Forgot Password?” on the sign-in page.',
  /** With Google sign-in switched on: a Google account confirms with Google instead of a password. */
  googleConfirmTitle: 'Confirm with Google',
  googleConfirmText: 'Signed up with Google? Confirm with your Google account instead of a password.',
  googleConfirmed: 'Confirmed with Google. Press “Delete my account” to finish.',
  usePasswordInstead: 'Use my password instead',
  deleteButton: 'Delete my account',
  accountDeleted: 'Your account has been deleted.',
  wrongPassword: 'The password is not right. Nothing was deleted.',
  googleMismatch: 'That Google sign-in is not this account’s, or too old. Nothing was deleted.',
  notALearner: 'Accounts with a console role are removed by an admin.',
  learnerDeleted: 'The learner’s account has been deleted.',
  exportFileName: (date: string) => `ai-tutor-my-data-${date}.json`,
} as const;
