import type { ImportMode, ImportReport } from '@ai-tutor/contract';
import type { Db } from '../../db/client.js';
import { decodeText } from '../../import/decode.js';
import { ImportError, parseImportBytes, type ParsedImport } from '../../import/index.js';
import { importParsed } from '../catalogue/import-service.js';
import { questionTotal, type ImportSummary } from '../catalogue/import-summary.js';
import { auditRepository, type Actor } from '../console/audit-repository.js';
import { buildReport, type UploadedFile } from './import-report.js';

/**
 * One import from the console (docs/decisions/0026-imports-in-the-browser.md), through the command
 * line's own pipeline: parseImportBytes reads each file, importParsed checks and writes them in one
 * transaction. The modes are the CLI's flags: `dry-run` is --dry-run with every file checked on its
 * own (so the report lists every error of every file), `all-or-nothing` is a plain import, and
 * `valid-only` is --skip-invalid with a file that cannot be written rolled back alone.
 */

export interface ImportInput {
  mode: ImportMode;
  subject?: string | undefined;
  files: { name: string; bytes: Buffer }[];
}

export interface ImportProgress {
  /** Questions read from the files, once they are read. */
  total: (total: number) => void;
  progress: (done: number, total: number) => void | Promise<void>;
}

function read(input: ImportInput): UploadedFile[] {
  return input.files.map(({ name, bytes }) => {
    const text = decodeText(bytes).text;
    try {
      const parsed = parseImportBytes(name, bytes, {
        subject: input.subject,
        skipInvalid: input.mode !== 'all-or-nothing',
      });
      return { name, text, parsed, refused: null };
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      return { name, text, parsed: null, refused: error.issues };
    }
  });
}

/** Runs an import; the audit row of a real one commits with its questions. */
export async function runImport(
  db: Db,
  actor: Actor,
  importId: string,
  input: ImportInput,
  progress: ImportProgress,
): Promise<ImportReport> {
  const files = read(input);
  const ready = files.flatMap((f) => (f.parsed ? [{ file: f.name, parsed: f.parsed as ParsedImport }] : []));
  progress.total(ready.reduce((n, f) => n + questionTotal(f.parsed), 0));
  const { mode } = input;
  if (!ready.length || (mode === 'all-or-nothing' && files.some((f) => f.refused)))
    return buildReport(mode, false, files, null);

  let report: ImportReport | null = null;
  const audit = async (tx: Parameters<typeof auditRepository.write>[0], summary: ImportSummary) => {
    report = buildReport(mode, true, files, summary);
    await auditRepository.write(tx, actor, {
      action: 'questions.import',
      objectType: 'import',
      objectId: importId,
      objectLabel: files
        .map((f) => f.name)
        .join(', ')
        .slice(0, 200),
      after: { mode, files: report.files, totals: report.totals },
    });
  };
  try {
    const summary = await importParsed(db, ready, {
      source: 'import',
      dryRun: mode === 'dry-run',
      isolateFiles: mode !== 'all-or-nothing',
      onProgress: progress.progress,
      beforeCommit: audit,
    });
    return report ?? buildReport(mode, false, files, summary);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    // All or nothing, refused while writing: the file it names (a clash names them all) is refused.
    const named = files.filter((f) => f.name === error.file);
    for (const file of named.length ? named : files) file.refused = error.issues;
    return buildReport(mode, false, files, null);
  }
}
