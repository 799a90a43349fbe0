import { z } from 'zod';
import { IMPORT_MAX_FILES, IMPORT_MAX_TOTAL_BYTES, IMPORT_MODES } from './admin-imports-paths.js';

/**
 * Questions imported in the browser (docs/decisions/0026-imports-in-the-browser.md): the request,
 * the job the console polls, and its report. Paths and limits in admin-imports-paths.ts.
 */

export const importMessages = {
  started: 'Import started',
  ok: 'OK',
  notFound: 'Import not found',
  notBase64: (file: string) => `${file}: the content is not base64`,
  fileTooLarge: (file: string, max: number) => `${file} is larger than ${Math.round(max / 1024 / 1024)} MB`,
  filesTooLarge: (max: number) => `The files together are larger than ${Math.round(max / 1024 / 1024)} MB`,
  sameName: (file: string) => `Two files are called ${file}`,
  busy: 'Other imports are still running: try again when they finish',
} as const;

/** base64 grows a file by a third: the total in base64, with room for names. */
const MAX_BASE64_TOTAL = Math.ceil((IMPORT_MAX_TOTAL_BYTES * 4) / 3);

export const importFileBody = z.object({
  /** The file's own name: its extension says the format (.json .yaml .yml .gift .xml .aiken .csv .txt). */
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((name) => !/[\\/]/.test(name), 'A file name, without folders'),
  /** The bytes, base64: every text encoding the command line reads arrives unchanged. */
  content: z.string().max(MAX_BASE64_TOTAL),
});

export const createImportBody = z.object({
  mode: z.enum(IMPORT_MODES),
  files: z.array(importFileBody).min(1).max(IMPORT_MAX_FILES),
  /** Where GIFT, Moodle XML and Aiken questions go (CSV: rows naming no subject), as the CLI's --subject. */
  subject: z.string().trim().min(1).max(100).optional(),
});
export type CreateImportBody = z.infer<typeof createImportBody>;

export const importIdParams = z.object({ id: z.uuid() });

export const IMPORT_SEVERITIES = ['error', 'skipped', 'warning'] as const;
export type ImportSeverity = (typeof IMPORT_SEVERITIES)[number];

/** One line of the report: an error refuses the question (or the file), a skip is never importable. */
export const importIssue = z.object({
  file: z.string(),
  line: z.number().nullable(),
  /** The start of the question's text, or of the source at its line; null for the file as a whole. */
  question: z.string().nullable(),
  severity: z.enum(IMPORT_SEVERITIES),
  message: z.string(),
});
export type ImportIssueRow = z.infer<typeof importIssue>;

const questionCounts = {
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
};

export const importFileReport = z.object({
  file: z.string(),
  /** null: the file could not be read as any format. */
  format: z.string().nullable(),
  /** Questions it holds that can be imported (created, updated or unchanged). */
  ...questionCounts,
  errors: z.number(),
  skipped: z.number(),
  warnings: z.number(),
  /** Whether its questions are in the bank (or, in a dry run, would be with `valid-only`). */
  imported: z.boolean(),
});
export type ImportFileReport = z.infer<typeof importFileReport>;

export const importReport = z.object({
  mode: z.enum(IMPORT_MODES),
  /** Whether anything was written: false for a dry run and for a refused all-or-nothing. */
  applied: z.boolean(),
  files: z.array(importFileReport),
  totals: z.object({
    ...questionCounts,
    errors: z.number(),
    skipped: z.number(),
    warnings: z.number(),
  }),
  issues: z.array(importIssue),
  /** Quiz sizes the bank cannot fill yet, as the command line prints them. */
  notes: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReport>;

export const IMPORT_STATES = ['running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export const importJob = z.object({
  id: z.string(),
  mode: z.enum(IMPORT_MODES),
  state: z.enum(IMPORT_STATES),
  /** Questions checked or written so far, of `total`. */
  processed: z.number(),
  total: z.number(),
  startedAt: z.string(),
  /** When done. */
  report: importReport.nullable(),
  /** When failed: what went wrong (nothing was written). */
  failure: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;
