import type {
  ImportFileReport,
  ImportIssueRow,
  ImportMode,
  ImportReport,
  ImportSeverity,
} from '@ai-tutor/contract';
import type { ImportIssue, ParsedImport } from '../../import/index.js';
import type { ImportSummary } from '../catalogue/import-summary.js';

/**
 * The console's report of an import (docs/decisions/0026-imports-in-the-browser.md): per file its
 * counts, and every error, skip and warning with its file, line and question. Built from what the
 * command line's pipeline returns: its parsed files, its summary, and the errors it threw.
 */

/** One uploaded file as the job saw it. */
export interface UploadedFile {
  name: string;
  /** The decoded text, for the question column of issues that name only a line. */
  text: string;
  parsed: ParsedImport | null;
  /** What refused the file: its reading, or (all-or-nothing) writing it. */
  refused: ImportIssue[] | null;
}

/** `invalid — …`: a question the parser left out for an error (the CLI's --skip-invalid). */
const INVALID = /^invalid — /;
const EXCERPT = 120;

const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT ? `${line.slice(0, EXCERPT - 1)}…` : line;
};

/** The question's text by the line it starts on; else the source at that line. */
function questionAt(file: UploadedFile, line: number | undefined): string | null {
  if (line === undefined) return null;
  const questions = [
    ...(file.parsed?.banks.flatMap((b) => b.questions) ?? []),
    ...(file.parsed?.exams.flatMap((e) => e.modules.flatMap((m) => m.subjects.flatMap((s) => s.questions))) ??
      []),
  ];
  const found = questions.find((q) => q.where.line === line);
  if (found) return excerpt(found.text);
  const source = file.text.split(/\r\n?|\n/)[line - 1];
  return source?.trim() ? excerpt(source) : null;
}

/**
 * The parsers speak to the command line; the console has a "Subject slug" field and no --format, so
 * their few words about flags are said in its terms.
 */
const CONSOLE_WORDS: [RegExp, string][] = [
  [/--subject SLUG/g, 'a subject slug'],
  [/no --subject was given/g, 'no subject slug was given'],
  [/pass --subject/g, 'give a subject slug'],
  [/, or --format$/, ''],
];

function inConsoleWords(message: string): string {
  return CONSOLE_WORDS.reduce((text, [pattern, words]) => text.replace(pattern, words), message);
}

function row(file: UploadedFile, issue: ImportIssue, severity: ImportSeverity): ImportIssueRow {
  const message = inConsoleWords(issue.message.replace(INVALID, ''));
  return {
    file: file.name,
    line: issue.where.line ?? null,
    question: questionAt(file, issue.where.line),
    severity,
    message: issue.where.element ? `${issue.where.element}: ${message}` : message,
  };
}

function fileIssues(file: UploadedFile, refused: ImportIssue[] | null): ImportIssueRow[] {
  const rows = (refused ?? []).map((issue) => row(file, issue, 'error'));
  for (const skip of file.parsed?.skipped ?? [])
    rows.push(row(file, skip, INVALID.test(skip.message) ? 'error' : 'skipped'));
  for (const warning of file.parsed?.warnings ?? []) rows.push(row(file, warning, 'warning'));
  return rows;
}

export function buildReport(
  mode: ImportMode,
  applied: boolean,
  files: UploadedFile[],
  summary: ImportSummary | null,
): ImportReport {
  const issues: ImportIssueRow[] = [];
  const reports = files.map((file): ImportFileReport => {
    const counts = summary?.byFile.find((f) => f.file === file.name);
    const refused = file.refused ?? counts?.refused ?? null;
    const rows = fileIssues(file, refused);
    issues.push(...rows);
    const imported = !refused && !!counts;
    return {
      file: file.name,
      format: file.parsed?.format ?? null,
      created: imported ? counts.created : 0,
      updated: imported ? counts.updated : 0,
      unchanged: imported ? counts.unchanged : 0,
      errors: rows.filter((r) => r.severity === 'error').length,
      skipped: rows.filter((r) => r.severity === 'skipped').length,
      warnings: rows.filter((r) => r.severity === 'warning').length,
      imported,
    };
  });
  const sum = (key: 'created' | 'updated' | 'unchanged' | 'errors' | 'skipped' | 'warnings') =>
    reports.reduce((n, f) => n + f[key], 0);
  return {
    mode,
    applied,
    files: reports,
    totals: {
      created: sum('created'),
      updated: sum('updated'),
      unchanged: sum('unchanged'),
      errors: sum('errors'),
      skipped: sum('skipped'),
      warnings: sum('warnings'),
    },
    issues,
    notes: summary?.notes ?? [],
  };
}
