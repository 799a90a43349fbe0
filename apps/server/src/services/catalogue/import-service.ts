import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { media, subjects } from '../../db/schema.js';
import {
  ImportError,
  IssueList,
  parseImportFile,
  type ParsedBank,
  type ParsedImport,
} from '../../import/index.js';
import { writeExam } from './import-catalogue.js';
import { writeQuestions, topicResolver } from './import-questions.js';
import { createImportRun, type ImportRun, type QuestionItem } from './import-run.js';
import { checkQuizSizes } from './import-sizes.js';
import {
  counts,
  questionTotal,
  type Counts,
  type ImportOptions,
  type ImportSummary,
} from './import-summary.js';

/**
 * Writes parsed imports to the bank. Catalogue entries are upserted by slug; a question is the same
 * question when its subject and text are the same. Everything happens in one transaction: a file with
 * any error leaves the bank as it was. The parts: import-summary (what a run reports), import-run (its
 * state), import-catalogue (exams to topics), import-questions, import-sizes (quiz sizes the bank
 * cannot fill), import-report (the CLI's table).
 */

export * from './import-summary.js';
export { formatSummary } from './import-report.js';

class DryRunRollback extends Error {
  constructor(readonly summary: ImportSummary) {
    super('dry run');
  }
}

/** A question bank for one existing subject, named by its slug; its topics are found or created. */
async function writeBank(run: ImportRun, issues: IssueList, bank: ParsedBank, skipped: number) {
  const [subject] = await run.tx.select().from(subjects).where(eq(subjects.slug, bank.subjectSlug));
  if (!subject) {
    const known = await run.tx
      .select({ slug: subjects.slug })
      .from(subjects)
      .orderBy(subjects.slug)
      .limit(30);
    issues.add(
      bank.where,
      `no subject has the slug "${bank.subjectSlug}"` +
        (known.length ? ` (subjects: ${known.map((s) => s.slug).join(', ')})` : ' (the catalogue is empty)'),
    );
    return;
  }
  const entry = run.subjectCounts(subject.slug, subject.name);
  entry.skipped += skipped;
  const resolve = topicResolver(run, subject);
  const items: QuestionItem[] = [];
  for (const q of bank.questions) items.push({ q, topicId: q.topic ? await resolve(q.topic) : null });
  await writeQuestions(run, subject.id, entry, items);
  run.touched.subjects.add(subject.id);
}

/** One file into the run: its errors throw (and roll everything back), its skips and warnings are kept. */
async function applyFile(run: ImportRun, file: string, parsed: ParsedImport) {
  const issues = new IssueList();
  run.summary.files.push(file);
  if (parsed.media.size) {
    await run.tx
      .insert(media)
      .values(
        [...parsed.media.values()].map((m) => ({
          sha256: m.sha256,
          contentType: m.contentType,
          bytes: m.bytes,
        })),
      )
      .onConflictDoNothing();
  }
  for (const exam of parsed.exams) await writeExam(run, issues, exam);
  // A file's skipped questions are counted on its subject only when the file holds one bank.
  const skipped = parsed.banks.length === 1 ? parsed.skipped.length : 0;
  for (const bank of parsed.banks) await writeBank(run, issues, bank, skipped);
  issues.throwIfAny(file);
  for (const skip of parsed.skipped) run.summary.skipped.push({ file, ...skip });
  for (const warning of parsed.warnings) run.summary.warnings.push({ file, ...warning });
}

/** A unique-key clash with a concurrent writer becomes a message an operator can act on. */
function explainDatabaseError(file: string, error: unknown): never {
  if (error instanceof ImportError || error instanceof DryRunRollback) throw error;
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  if (code === '23505')
    throw new ImportError(file, [
      {
        where: {},
        message: 'the catalogue changed while importing (another import at the same time?); try again',
      },
    ]);
  throw error;
}

/** The run's questions so far, over its subjects. */
function questionCounts(run: ImportRun): Counts {
  const sum = counts();
  for (const s of run.summary.subjects) {
    sum.created += s.created;
    sum.updated += s.updated;
    sum.unchanged += s.unchanged;
  }
  return sum;
}

/**
 * One file in a savepoint: its errors roll back its writes and its counts, and are returned; the
 * run goes on with the next file.
 */
async function applyIsolated(run: ImportRun, file: string, parsed: ParsedImport) {
  const outer = run.tx;
  // Progress (`done`) is not wound back: it counts questions checked, refused or not.
  const saved = structuredClone({ summary: run.summary, touched: run.touched });
  try {
    await outer.transaction(async (savepoint) => {
      run.tx = savepoint;
      await applyFile(run, file, parsed);
    });
    return null;
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    Object.assign(run.summary, saved.summary);
    Object.assign(run.touched, saved.touched);
    run.summary.files.push(file);
    return error.issues;
  } finally {
    run.tx = outer;
  }
}

/** Applies parsed files inside `tx` (the caller owns the transaction). */
export async function applyImports(
  tx: Tx,
  files: { file: string; parsed: ParsedImport }[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const total = files.reduce((n, f) => n + questionTotal(f.parsed), 0);
  const run = createImportRun(tx, options, total);
  for (const { file, parsed } of files) {
    const before = questionCounts(run);
    const refused = options.isolateFiles
      ? await applyIsolated(run, file, parsed)
      : (await applyFile(run, file, parsed), null);
    const after = questionCounts(run);
    run.summary.byFile.push({
      file,
      created: after.created - before.created,
      updated: after.updated - before.updated,
      unchanged: after.unchanged - before.unchanged,
      refused,
    });
  }
  await checkQuizSizes(run);
  return run.summary;
}

/**
 * Parsed files, all or nothing, in one transaction. `beforeCommit` writes in the same transaction
 * what records the import (the console's audit row), so both commit or neither does.
 */
export async function importParsed(
  db: Db,
  files: { file: string; parsed: ParsedImport }[],
  options: ImportOptions & { beforeCommit?: (tx: Tx, summary: ImportSummary) => Promise<void> } = {},
): Promise<ImportSummary> {
  try {
    return await db.transaction(async (tx) => {
      const result = await applyImports(tx, files, options);
      if (options.dryRun) throw new DryRunRollback(result);
      await options.beforeCommit?.(tx, result);
      return result;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return { ...error.summary, dryRun: true };
    return explainDatabaseError(files.map((f) => f.file).join(', '), error);
  }
}

/** `npm run cli -- import FILE [--subject SLUG]`: reads, checks and writes one file. */
export async function importFile(
  db: Db,
  path: string,
  options: ImportOptions & {
    subject?: string | undefined;
    format?: string | undefined;
    skipInvalid?: boolean;
  } = {},
): Promise<ImportSummary> {
  const parsed = await parseImportFile(path, {
    subject: options.subject,
    format: options.format,
    skipInvalid: options.skipInvalid ?? false,
  });
  const file = path.split(/[\\/]/).pop() ?? path;
  return importParsed(db, [{ file, parsed }], options);
}
