import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

/** Where the tests run: this machine's PostgreSQL and Redis unless told otherwise. */
export const adminDatabaseUrl =
  process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const jwtSecret = `scale-${randomBytes(24).toString('hex')}`;

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const serverJs = 'apps/server/dist/server.js';
const cliJs = 'apps/server/dist/cli.js';

export function assertBuilt(): void {
  if (!existsSync(`${repoRoot}/${serverJs}`))
    throw new Error('run `npm run build` first: no apps/server/dist');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A database of this run on the server of `adminUrl`, dropped by `drop()`. */
export async function createRunDatabase(adminUrl = adminDatabaseUrl) {
  const name = `scale_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  return {
    name,
    url,
    pool,
    query: async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
      (await pool.query(text, params)).rows as T[],
    drop: async () => {
      await pool.end().catch(() => undefined);
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
export type RunDatabase = Awaited<ReturnType<typeof createRunDatabase>>;

/** `node apps/server/dist/cli.js …` against a database; throws with its output when it fails. */
export function cli(databaseUrl: string, ...args: string[]): string {
  const run = spawnSync(process.execPath, [cliJs, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', JWT_SECRET: jwtSecret },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`cli ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
  return run.stdout;
}

/** Every key this run wrote in Redis starts with this. */
export const redisKeyPrefix = `scale-${randomBytes(5).toString('hex')}:`;

export async function deleteRedisKeys(prefix = redisKeyPrefix): Promise<void> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

export interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
  /** The JSON log lines whose msg matches. */
  logLines: (msg: string) => Record<string, unknown>[];
  exited: Promise<number | null>;
  sigkill: () => Promise<void>;
  /** SIGTERM and wait for the exit code. */
  stop: () => Promise<number | null>;
}

/** One process of the built server, listening on a free port, resolved once /api/health answers. */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [serverJs], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: jwtSecret,
      ARGON2_MEMORY_KIB: '4096',
      ARGON2_TIME_COST: '1',
      LOG_LEVEL: 'info',
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not start:\n${output}`);
    await sleep(100);
  }
  const logLines = (msg: string) =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          return {};
        }
      })
      .filter((line) => line.msg === msg);
  return {
    name,
    url,
    child,
    output: () => output,
    logLines,
    exited,
    sigkill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

// ── API calls ─────────────────────────────────────────────────────────────────────────────────────

export interface Reply {
  status: number;
  body: { message?: string; data?: unknown } & Record<string, unknown>;
  headers: Headers;
}

export async function call(
  instance: Instance | string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Reply> {
  const base = typeof instance === 'string' ? instance : instance.url;
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let body: Reply['body'] = {};
  try {
    body = text ? (JSON.parse(text) as Reply['body']) : {};
  } catch {
    body = { message: text };
  }
  return { status: res.status, body, headers: res.headers };
}
