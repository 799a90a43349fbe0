/** The console's question editor (docs/question-bank.md#editing): paths only, no zod (as admin-paths.ts). */
export const adminEditPaths = {
  /** GET: the question as the editor edits it; PUT: save it (a new version when its content changed). */
  questionEdit: '/v1/admin/questions/:id/edit',
  /** GET: the question's versions, newest first (who, when). */
  questionVersions: '/v1/admin/questions/:id/versions',
  /** GET ?from=&to=: two versions and what changed between them, field by field. */
  questionDiff: '/v1/admin/questions/:id/versions/diff',
  /** POST: upload a figure for the question's texts; answers its `![alt](media:…)` to put in a field. */
  questionFigures: '/v1/admin/questions/:id/figures',
} as const;
