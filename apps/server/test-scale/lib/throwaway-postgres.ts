import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './instances.js';

/**
 * A PostgreSQL cluster of this test alone (initdb into a temporary directory, its own port), so it can
 * be stopped and restarted without touching the shared server. As root it runs as the postgres user.
 */
function binDir(): string {
  const explicit = process.env.SCALE_PG_BIN;
  if (explicit) return explicit;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((x, y) => Number(y) - Number(x)) : [];
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'pg_ctl'))) return join(root, v, 'bin');
  throw new Error('no PostgreSQL binaries found (set SCALE_PG_BIN)');
}

export async function startThrowawayPostgres() {
  const bin = binDir();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ai-tutor-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { encoding: 'utf8' })
      : spawnSync(join(bin, command), args, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
    }
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '30', ...args]);
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  pgCtl('-o', options, 'start');
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => pgCtl('-m', 'fast', 'stop'),
    start: () => pgCtl('-o', options, 'start'),
    restart: () => pgCtl('-m', 'fast', '-o', options, 'restart'),
    dispose: () => {
      try {
        pgCtl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
