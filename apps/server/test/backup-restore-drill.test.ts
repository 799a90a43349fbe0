import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backupCommands } from '../src/cli/backup-commands.js';
import { buildApp } from '../src/build-app.js';
import type { Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { readAdminAccess, type AdminAccess } from '../src/lib/admin-access.js';
import { testConfig } from './helpers/app.js';
import { answerKey, insertCatalogue, save, startSession, subjectQuiz } from './helpers/catalogue.js';
import { runCli } from './helpers/console.js';
import { createLearner } from './helpers/learner.js';

/**
 * The restore drill (docs/decisions/0023-learners-data-and-backups.md), on the embedded store only (a
 * PostgreSQL server is backed up with its own tools): a backup taken mid-exam while saves go on,
 * restored into a new data directory, holds every answer acknowledged before the snapshot.
 */
const root = mkdtempSync(join(tmpdir(), 'ai-tutor-drill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const embedded = (dir: string): Config => testConfig({ DATABASE_URL: undefined, DATA_DIR: join(root, dir) });

let app: FastifyInstance;
let database: Database;
let server: AdminAccess;
beforeAll(async () => {
  const config = embedded('live');
  database = await openDatabase(config);
  await migrate(database);
  app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  server = readAdminAccess(config.database.dataDir)!;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Runs restore as the command line would (it opens no database of the caller's). */
async function restore(config: Config, file: string) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...p: unknown[]) => void out.push(p.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...p: unknown[]) => void err.push(p.join(' ')));
  try {
    const code = await backupCommands.restore!.standalone!({ config, args: [file] });
    return { code, out: out.join('\n'), err: err.join('\n') };
  } finally {
    vi.restoreAllMocks();
  }
}

describe('backup while the server runs, restore into a new data directory', () => {
  it('keeps every answer acknowledged before the snapshot', async () => {
    const c = await insertCatalogue(app.db, {
      module: { questionCount: 40 },
      subjects: [{ name: 'Physics', questionCount: 40, questions: 40 }],
    });
    const learner = await createLearner(app);
    const s = await startSession(app, learner, subjectQuiz(c));
    const keys = await answerKey(app.db, s.assessment._id);
    const acknowledged = new Map<number, string>();
    let backupStarted = false;
    const before = new Map<number, string>();
    // Two tabs' worth of saves, one position each, going on before, during and after the backup.
    const saver = async (positions: number[]) => {
      for (const i of positions) {
        const e = s.evaluation[i]!;
        const { options } = keys.get(e._id)!;
        const answer = options[i % options.length]!;
        const res = await save(app, learner, {
          evaluationId: e._id,
          userAnswer: answer,
          timeSpentSeconds: 5,
        });
        expect(res.statusCode).toBe(200);
        acknowledged.set(i, answer);
        if (!backupStarted) before.set(i, answer);
      }
    };
    const even = saver(s.evaluation.map((_, i) => i).filter((i) => i % 2 === 0));
    const odd = saver(s.evaluation.map((_, i) => i).filter((i) => i % 2 === 1));
    for (let waited = 0; acknowledged.size < 10 && waited < 600; waited++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    backupStarted = true;
    const file = join(root, 'mid-exam.tar.gz');
    const backup = await runCli(backupCommands.backup!, [file], { server });
    await Promise.all([even, odd]);
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toContain('Backed up the running server');
    expect(before.size).toBeGreaterThanOrEqual(10);

    const target = embedded('restored');
    const restored = await restore(target, file);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toMatch(
      /^Restoring .*mid-exam\.tar\.gz: \d+ accounts, 1 sessions, \d+ saved answers; schema at 00\d\d_/,
    );

    const copy = await openDatabase(target);
    try {
      const [sheet] = await copy.query('SELECT answers FROM answer_sheets WHERE assessment_id = $1', [
        s.assessment._id,
      ]);
      const answers = (sheet!.answers as (string | null)[]).map((a) => (a === null ? null : JSON.parse(a)));
      for (const [i, answer] of before) expect(answers[i], `position ${i}`).toBe(answer);
    } finally {
      await copy.close();
    }
  }, 120_000);

  it('refuses a backup from a newer version of the app, and a file that is not a backup', async () => {
    const file = join(root, 'plain.tar.gz');
    expect((await runCli(backupCommands.backup!, [file], { server })).code).toBe(0);
    // The same backup as a newer app would have left it: one more migration applied.
    const newer = await PGlite.create({
      loadDataDir: new Blob([readFileSync(file)]),
    });
    await newer.exec(`INSERT INTO schema_migrations (tag) VALUES ('9999_from_the_future')`);
    const newerFile = join(root, 'newer.tar.gz');
    writeFileSync(newerFile, Buffer.from(await (await newer.dumpDataDir('gzip')).arrayBuffer()));
    await newer.close();

    const target = embedded('refused');
    const refused = await restore(target, newerFile);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      'newer version of the app (migrations 9999_from_the_future are unknown here)',
    );

    const junk = join(root, 'junk.tar.gz');
    writeFileSync(junk, 'not a tarball');
    const notBackup = await restore(target, junk);
    expect([notBackup.code, notBackup.err]).toEqual([1, `${junk} is not a backup of the embedded database.`]);
  }, 120_000);
});
