import { basename } from 'node:path';
import { IMPORT_FORMATS, ImportError, parseImportFile, type ParsedImport } from '../import/index.js';
import { formatSummary, importParsed } from '../services/catalogue/import-service.js';
import { seedSampleContent } from '../services/catalogue/seed.js';
import type { Command } from './commands.js';

/** Imports of more questions than this draw a progress bar (on a terminal only). */
const PROGRESS_MIN_QUESTIONS = 200;

/** A one-line progress bar on stderr, redrawn at most ten times a second. */
export function progressBar(stream: NodeJS.WriteStream = process.stderr) {
  if (!stream.isTTY) return undefined;
  let last = 0;
  return (done: number, total: number) => {
    if (total <= PROGRESS_MIN_QUESTIONS) return;
    const now = Date.now();
    if (done < total && now - last < 100) return;
    last = now;
    const width = 30;
    const filled = Math.round((width * done) / total);
    stream.write(
      `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} questions ${Math.floor((100 * done) / total)}%`,
    );
    if (done >= total) stream.write('\n');
  };
}

interface ImportArgs {
  files: string[];
  subject?: string;
  format?: string;
  dryRun: boolean;
}

function parseArgs(args: string[]): ImportArgs | string {
  const out: ImportArgs = { files: [], dryRun: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith('--') ? (arg.split('=', 2) as [string, string | undefined]) : [arg];
    const value = () => inline ?? args[++i];
    if (flag === '--subject') {
      const v = value();
      if (!v) return '--subject needs a subject slug';
      out.subject = v;
    } else if (flag === '--format') {
      const v = value();
      if (!v) return `--format needs one of ${IMPORT_FORMATS.join(', ')}`;
      out.format = v;
    } else if (flag === '--dry-run') out.dryRun = true;
    else if (flag.startsWith('--')) return `unknown option ${flag}`;
    else out.files.push(arg);
  }
  if (!out.files.length) return 'which file? e.g. npm run cli -- import questions.gift --subject jee-physics';
  return out;
}

const importCommand: Command = {
  usage: 'import FILE... [--subject SLUG]',
  summary:
    'import JSON/YAML, GIFT, Moodle XML, Aiken or CSV, all or nothing (--format F, --dry-run; docs/import-format.md)',
  run: async ({ database, args }) => {
    const parsedArgs = parseArgs(args);
    if (typeof parsedArgs === 'string') {
      console.error(`import: ${parsedArgs}`);
      return 1;
    }
    try {
      const files: { file: string; parsed: ParsedImport }[] = [];
      const errors: ImportError[] = [];
      for (const path of parsedArgs.files) {
        try {
          files.push({
            file: basename(path),
            parsed: await parseImportFile(path, { subject: parsedArgs.subject, format: parsedArgs.format }),
          });
        } catch (error) {
          if (!(error instanceof ImportError)) throw error;
          errors.push(error);
        }
      }
      if (errors.length) {
        for (const error of errors) console.error(error.message);
        return 1;
      }
      const onProgress = progressBar();
      const summary = await importParsed(database.db, files, {
        source: 'import',
        dryRun: parsedArgs.dryRun,
        ...(onProgress ? { onProgress } : {}),
      });
      console.log(formatSummary(summary));
      return 0;
    } catch (error) {
      if (error instanceof ImportError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  },
};

const seedCommand: Command = {
  usage: 'seed',
  summary: 'load or refresh the sample catalogue (idempotent)',
  run: async ({ database, args }) => {
    if (args.length) {
      console.error(`seed: takes no arguments (got ${args.join(' ')})`);
      return 1;
    }
    try {
      const onProgress = progressBar();
      const summary = await seedSampleContent(database.db, onProgress ? { onProgress } : {});
      console.log(formatSummary(summary));
      return 0;
    } catch (error) {
      if (error instanceof ImportError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  },
};

/** catalogue commands. */
export const catalogueCommands: Record<string, Command> = { import: importCommand, seed: seedCommand };
