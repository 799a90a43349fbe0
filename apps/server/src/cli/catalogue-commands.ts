import { basename } from 'node:path';
import { IMPORT_FORMATS, ImportError, parseImportFile, type ParsedImport } from '../import/index.js';
import { formatSummary, importParsed } from '../services/catalogue/import-service.js';
import { seedSampleContent } from '../services/catalogue/seed.js';
import type { Command } from './commands.js';
import { parseCommandArgs, usageError } from './parse.js';
import { progressBar } from './progress-bar.js';
import { shown } from './terminal-text.js';

/** Imports of more questions than this draw a progress bar (on a terminal only). */
const PROGRESS_MIN_QUESTIONS = 200;

const IMPORT = `import FILE... [--subject SLUG] [--format ${IMPORT_FORMATS.join('|')}] [--dry-run] [--skip-invalid]`;

const importCommand: Command = {
  help: [
    {
      usage: IMPORT,
      summary:
        'import JSON/YAML, GIFT, Moodle XML, Aiken or CSV, all files or nothing (docs/import-format.md); --skip-invalid imports the valid questions and lists the others',
    },
  ],
  run: async ({ database, args }) => {
    const parsed = parseCommandArgs(
      args,
      {
        subject: { type: 'string' },
        format: { type: 'string' },
        'dry-run': { type: 'boolean' },
        'skip-invalid': { type: 'boolean' },
      },
      true,
    );
    if (typeof parsed === 'string') return usageError('import', parsed, IMPORT);
    const { values, positionals } = parsed;
    if (!positionals.length)
      return usageError('import', 'which file? e.g. import questions.gift --subject jee-physics', IMPORT);
    const bar = progressBar('questions', { minTotal: PROGRESS_MIN_QUESTIONS });
    try {
      const files: { file: string; parsed: ParsedImport }[] = [];
      const errors: ImportError[] = [];
      for (const path of positionals) {
        try {
          files.push({
            file: basename(path),
            parsed: await parseImportFile(path, {
              subject: values.subject,
              format: values.format,
              skipInvalid: values['skip-invalid'] ?? false,
            }),
          });
        } catch (error) {
          if (!(error instanceof ImportError)) throw error;
          errors.push(error);
        }
      }
      if (errors.length) {
        for (const error of errors) console.error(shown(error.message, { multiline: true }));
        return 1;
      }
      const summary = await importParsed(database.db, files, {
        source: 'import',
        dryRun: values['dry-run'] ?? false,
        onProgress: bar.update,
      });
      bar.clear();
      console.log(shown(formatSummary(summary), { multiline: true }));
      return 0;
    } catch (error) {
      bar.clear();
      if (error instanceof ImportError) {
        console.error(shown(error.message, { multiline: true }));
        return 1;
      }
      throw error;
    }
  },
};

const seedCommand: Command = {
  help: [
    { usage: 'seed', summary: 'load or refresh the sample catalogue (running it again changes nothing)' },
  ],
  run: async ({ database, args }) => {
    const parsed = parseCommandArgs(args, {});
    if (typeof parsed === 'string') return usageError('seed', parsed, 'seed');
    const bar = progressBar('questions', { minTotal: PROGRESS_MIN_QUESTIONS });
    try {
      const summary = await seedSampleContent(database.db, { onProgress: bar.update });
      bar.clear();
      console.log(shown(formatSummary(summary), { multiline: true }));
      return 0;
    } catch (error) {
      bar.clear();
      if (error instanceof ImportError) {
        console.error(shown(error.message, { multiline: true }));
        return 1;
      }
      throw error;
    }
  },
};

/** catalogue commands. */
export const catalogueCommands: Record<string, Command> = { import: importCommand, seed: seedCommand };
