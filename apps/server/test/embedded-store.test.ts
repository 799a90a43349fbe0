import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { DataDirLockedError } from '../src/db/data-dir-lock.js';
import { migrate } from '../src/db/migrate.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ai-tutor-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const serverDir = fileURLToPath(new URL('..', import.meta.url));
// These tests open file-backed stores (each start ~3 s alone) or start another Node with tsx, which
// compiles the CLI or the server first: seconds alone, past 30 s beside the other test worker on a busy
// 2-core machine.
const SLOW = { timeout: 90_000 };

describe('embedded store in DATA_DIR', SLOW, () => {
  it('keeps data across restarts and is migrated once', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDir() });
    const first = await openDatabase(config);
    expect(first.kind).toBe('pglite');
    expect((await migrate(first)).length).toBeGreaterThan(0);
    await first.query(`INSERT INTO invite_codes (code) VALUES ('KEEP-ME01')`);
    await first.close();

    const second = await openDatabase(config);
    expect(await migrate(second)).toEqual([]);
    expect(await second.query(`SELECT code FROM invite_codes`)).toEqual([{ code: 'KEEP-ME01' }]);
    await second.close();
  });

  it('refuses a second opener while the first holds it, with a clear message', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDir() });
    const first = await openDatabase(config);
    try {
      // Another process (the CLI while the server runs) is the real case: spawn one.
      const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'migrate'], {
        cwd: serverDir,
        env: { ...process.env, DATA_DIR: config.database.dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(cli.status).toBe(1);
      expect(cli.stderr).toContain('is in use by another process');
    } finally {
      await first.close();
    }
    const again = await openDatabase(config);
    await again.close();
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = tempDir();
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'pglite.lock'), '999999');
    const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }));
    await database.close();
  });

  it('is an error type the server and CLI can report in one line', () => {
    expect(new DataDirLockedError('x').name).toBe('DataDirLockedError');
  });
});

describe('server start', SLOW, () => {
  it('stops with one line naming a bad PORT', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'abc', DATABASE_URL: 'memory://' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^Invalid configuration: PORT /);
  });
});
