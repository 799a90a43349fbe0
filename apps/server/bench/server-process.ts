/**
 * Starts the benchmark's server process (server.ts) on a fresh store — a temporary PGlite directory or
 * a database `ai_tutor_bench` created on BENCH_DATABASE_URL — and talks to it over IPC.
 */
import { fork, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { BenchOptions } from './options.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

// BENCH_DB_NAME: another name, so that two benches on one PostgreSQL server do not drop each other's.
const DB_NAME = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_DB_NAME ?? '')
  ? process.env.BENCH_DB_NAME!
  : 'ai_tutor_bench';

async function recreateDatabase(baseUrl: string, create: boolean) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  if (create) await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
}

/** The server's environment, on a fresh store; `cleanUp` removes that store afterwards. */
async function serverEnvironment(opts: BenchOptions) {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ACCESS_TOKEN_TTL: '1d',
    SWEEP_INTERVAL_SECONDS: String(opts.sweep),
  };
  if (opts.db === 'postgres') {
    await recreateDatabase(opts.baseUrl, true);
    const url = new URL(opts.baseUrl);
    url.pathname = `/${DB_NAME}`;
    env.DATABASE_URL = url.toString();
    // BENCH_KEEP=1 leaves the database for a look afterwards (row sizes, counting one statement's cost).
    return {
      env,
      cleanUp: () => (process.env.BENCH_KEEP ? Promise.resolve() : recreateDatabase(opts.baseUrl, false)),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ai-tutor-bench-'));
  env.DATA_DIR = dataDir;
  delete env.DATABASE_URL;
  return { env, cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Builds the server, forks it and waits for its ports; `call` sends one IPC request. */
export async function startServerProcess(opts: BenchOptions) {
  const serverDir = new URL('..', import.meta.url).pathname;
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  const { env, cleanUp } = await serverEnvironment(opts);

  const child = fork(new URL('./server.ts', import.meta.url).pathname, [], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
    ],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: Any) => void; reject: (e: Error) => void }>();
  const ready = new Promise<{ appPort: number; floorPort: number; kind: string }>((resolve, reject) => {
    child.on('message', (msg: Any) => {
      if (msg.type === 'ready') return resolve(msg);
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.error) p.reject(new Error(msg.error));
      else p.resolve(msg.result);
    });
    child.on('exit', (code) => reject(new Error(`server process exited (${code})`)));
  });
  const call = (body: Record<string, unknown>): Promise<Any> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ ...body, id });
    });
  const sqlRows = (text: string, params: unknown[] = []): Promise<Record<string, Any>[]> =>
    call({ type: 'sql', text, params });

  const { appPort, floorPort, kind } = await ready;
  return {
    appPort,
    floorPort,
    kind,
    call,
    sqlRows,
    /** Closes the server and removes its store. */
    async stop() {
      await call({ type: 'close' }).catch(() => undefined);
      await cleanUp();
    },
  };
}

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;
