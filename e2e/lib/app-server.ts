import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface AppServer {
  url: string;
  output: () => string;
  /** Resolves with the first match of `pattern` in the server's output. */
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpExecArray>;
  /**
   * Stops the server, runs `cli` commands on its database (as an operator does with the embedded store,
   * which allows one process at a time), starts it again on the same address, and returns what the
   * commands printed. Sign-ins survive: the development JWT secret is kept in the data directory.
   */
  restartAfter: (cli: string[][]) => Promise<string>;
  /**
   * Runs a CLI command while the server runs: the commands that work then (invites, users) go through
   * the server's loopback channel. Returns what it printed; a failure throws with its output.
   */
  cli: (args: string[]) => string;
  stop: () => Promise<void>;
}

function runCli(dataDir: string, args: string[]): string {
  const run = spawnSync(process.execPath, ['apps/server/dist/cli.js', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`cli ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
  return run.stdout;
}

/**
 * The built server (npm run build first) on a free port with a fresh embedded database. `cli` commands
 * run first on the same database (the embedded store allows one process at a time).
 */
export async function startAppServer(
  env: Record<string, string> = {},
  cli: string[][] = [],
): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'ai-tutor-e2e-'));
  for (const args of cli) runCli(dataDir, args);
  let output = '';

  async function listen(): Promise<ChildProcess> {
    const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ARGON2_MEMORY_KIB: '4096',
        ARGON2_TIME_COST: '1',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: url,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) return server;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function halt() {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  let child = await listen();
  return {
    url,
    output: () => output,
    waitForOutput: async (pattern, timeoutMs = 30_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (Date.now() > until) throw new Error(`server never printed ${pattern}:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    restartAfter: async (commands) => {
      await halt();
      const printed = commands.map((args) => runCli(dataDir, args)).join('');
      child = await listen();
      return printed;
    },
    cli: (args) => runCli(dataDir, args),
    stop: async () => {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
