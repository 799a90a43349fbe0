import type { ImportIssue, ParsedImport } from '../../import/index.js';

/** What an import run reports: catalogue changes, questions per subject, skips, warnings, notes. */

export type QuestionSource = 'seed' | 'import' | 'ai';

export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface SubjectCounts extends Counts {
  slug: string;
  name: string;
  skipped: number;
}

export interface FileIssue extends ImportIssue {
  file: string;
}

/** One file's questions, and the issues that refused it when files are isolated (`isolateFiles`). */
export interface FileCounts extends Counts {
  file: string;
  refused: ImportIssue[] | null;
}

export interface ImportSummary {
  files: string[];
  /** Per file, in order: its questions created, updated and unchanged. */
  byFile: FileCounts[];
  catalogue: { exams: Counts; modules: Counts; subjects: Counts; topics: Counts };
  /** Questions per subject. */
  subjects: SubjectCounts[];
  skipped: FileIssue[];
  warnings: FileIssue[];
  /** Quiz sizes the bank cannot fill yet (a subject asking for more questions than it holds). */
  notes: string[];
  dryRun: boolean;
}

export interface ImportOptions {
  source?: QuestionSource;
  /**
   * Called as questions are written: done of total. Awaited, so a caller may yield there: the
   * console's import lets its progress polls through (docs/decisions/0026-imports-in-the-browser.md).
   */
  onProgress?: (done: number, total: number) => unknown;
  /** Checks everything against the bank, then rolls back. */
  dryRun?: boolean;
  /**
   * Each file in a savepoint of its own: a file with errors is rolled back alone, noted in `byFile`,
   * and the others go ahead (the console's valid-only import, docs/decisions/0026).
   */
  isolateFiles?: boolean;
}

export const counts = (): Counts => ({ created: 0, updated: 0, unchanged: 0 });

export function emptySummary(): ImportSummary {
  return {
    files: [],
    byFile: [],
    catalogue: { exams: counts(), modules: counts(), subjects: counts(), topics: counts() },
    subjects: [],
    skipped: [],
    warnings: [],
    notes: [],
    dryRun: false,
  };
}

export function questionTotal(parsed: ParsedImport): number {
  return (
    parsed.exams.reduce(
      (n, e) =>
        n + e.modules.reduce((m, mod) => m + mod.subjects.reduce((s, sub) => s + sub.questions.length, 0), 0),
      0,
    ) + parsed.banks.reduce((n, b) => n + b.questions.length, 0)
  );
}
