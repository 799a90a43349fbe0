/**
 * Questions imported in the browser (docs/decisions/0026-imports-in-the-browser.md): the paths,
 * relative to `/api` as apiPaths are, and the limits both sides check. Without zod, as
 * admin-paths.ts: the web console imports only paths, limits and types.
 */
export const importsApiPaths = {
  imports: '/v1/admin/imports',
  import: '/v1/admin/imports/:id',
} as const;

/** `dry-run` writes nothing; `all-or-nothing` writes everything or, with any error, nothing; `valid-only` the rest. */
export const IMPORT_MODES = ['dry-run', 'all-or-nothing', 'valid-only'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** Files in one import at most. */
export const IMPORT_MAX_FILES = 20;
/** Bytes of one file at most (Moodle XML carries its figures inside: 2 MB each, docs/import-format.md). */
export const IMPORT_MAX_FILE_BYTES = 8 * 1024 * 1024;
/** Bytes of all the files of one import together. */
export const IMPORT_MAX_TOTAL_BYTES = 16 * 1024 * 1024;
