/**
 * The console's API paths, relative to `/api` as apiPaths are. A module of its own, without zod: the
 * web console imports only this (and types), so none of it reaches the learner's chunks.
 */
export const adminApiPaths = {
  audit: '/v1/admin/audit',
  batches: '/v1/admin/batches',
  batch: '/v1/admin/batches/:id',
  learners: '/v1/admin/learners',
  learnerStatus: '/v1/admin/learners/:id/status',
  questions: '/v1/admin/questions',
  questionsBulk: '/v1/admin/questions/bulk',
  reports: '/v1/admin/reports',
  reportsResolve: '/v1/admin/reports/:questionId/resolve',
  question: '/v1/admin/questions/:id',
  keyCorrections: '/v1/admin/questions/:id/key-corrections',
} as const;

/** People: members by CSV, batch invite codes, accommodations, AI drafts (admin-people.ts). */
export const adminPeoplePaths = {
  batchMembers: '/v1/admin/batches/:id/members',
  invites: '/v1/admin/invites',
  inviteRevoke: '/v1/admin/invites/:id/revoke',
  accommodations: '/v1/admin/learners/:id/accommodations',
  drafts: '/v1/admin/drafts',
  draftsApprove: '/v1/admin/drafts/approve',
  draftsReject: '/v1/admin/drafts/reject',
} as const;
