import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exams } from '../../db/schema.js';
import { parseImportFile, type ParsedImport } from '../../import/index.js';
import { serverRoot } from '../../lib/paths.js';
import { applyImports, importParsed, type ImportOptions, type ImportSummary } from './import-service.js';

/** The sample catalogue: our own import format, in apps/server/content, loaded by the importer. */
export function contentDir(): string {
  return join(serverRoot(), 'content');
}

export async function readSampleContent(
  dir = contentDir(),
): Promise<{ file: string; parsed: ParsedImport }[]> {
  const names = (await readdir(dir)).filter((n) => /\.(ya?ml|json)$/i.test(n)).sort();
  const files: { file: string; parsed: ParsedImport }[] = [];
  for (const name of names)
    files.push({ file: basename(name), parsed: await parseImportFile(join(dir, name)) });
  return files;
}

/** `npm run cli -- seed`: loads (or refreshes) the sample catalogue; running it again changes nothing. */
export async function seedSampleContent(
  db: Db,
  options: Omit<ImportOptions, 'source'> = {},
): Promise<ImportSummary> {
  return importParsed(db, await readSampleContent(), { ...options, source: 'seed' });
}

const SEED_LOCK = 727_275;

/**
 * Loads the sample catalogue when the database has no exam, calling `onLoading` first. Instances
 * starting together on one PostgreSQL take an advisory lock, so only the first one seeds.
 */
export async function seedWhenEmpty(db: Db, onLoading?: () => void): Promise<ImportSummary | null> {
  const files = await readSampleContent();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [any] = await tx.select({ id: exams.id }).from(exams).limit(1);
    if (any) return null;
    onLoading?.();
    return applyImports(tx, files, { source: 'seed' });
  });
}
