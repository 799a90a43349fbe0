import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, freePort, sleep } from './lib/instances.js';

/**
 * The first `npm start` on a fresh data folder, on a machine whose every core is busy: opening,
 * migrating and seeding the embedded store then takes far longer than Fastify gives a plugin to load
 * (10 s), and used to crash the start with "Plugin did not start in time". Then, with that server
 * running and holding the store, the CLI creates invite codes through it.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'ai-tutor-startup-'));
const busy: ChildProcess[] = [];
let server: ChildProcess | undefined;
let output = '';
let port = 0;

function stopBusyLoops() {
  for (const child of busy.splice(0)) child.kill('SIGKILL');
}

beforeAll(() => assertBuilt());
afterAll(async () => {
  stopBusyLoops();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** `node apps/server/dist/cli.js …` on this data folder, with the environment given (not the server's). */
function cli(env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, ['apps/server/dist/cli.js', ...args], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the first start of the built server', () => {
  it('serves /api/health on a fresh data folder while every core is busy, saying what it does', async () => {
    for (let i = 0; i < availableParallelism() + 2; i++) {
      busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    }
    port = await freePort();
    server = spawn(process.execPath, ['apps/server/dist/server.js'], {
      cwd: repoRoot,
      // The shell of a newcomer: no DATABASE_URL, so the embedded store in DATA_DIR.
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        DATA_DIR: dataDir,
        ARGON2_MEMORY_KIB: '4096',
        ARGON2_TIME_COST: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

    let health: Response | undefined;
    // No timing is asserted: the server either comes up or exits (what it used to do).
    while (server.exitCode === null && !health) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (!health) await sleep(250);
    }
    stopBusyLoops();
    expect(server.exitCode, output).toBeNull();
    expect(health!.status).toBe(200);

    const steps = [
      'Opening the embedded database in',
      'Migrating the database…',
      'Loading the sample catalogue…',
      'Loaded the sample catalogue:',
      'Invite code: ',
      `AI TUTOR is running at http://localhost:${port}`,
    ];
    const at = steps.map((step) => output.indexOf(step));
    expect(
      at.every((i) => i >= 0),
      output,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  }, 300_000);
});

describe('npm run cli -- invites, while the server runs and holds the embedded store', () => {
  it('creates a code through the server, printed with the server’s register URL, usable at once', async () => {
    // The operator's second terminal: no PORT, so on its own the CLI would say port 3000.
    const run = cli({}, 'invites', 'create', '--max-uses', '3');
    expect(run.status, run.stderr).toBe(0);
    const code = /Invite code: (\S+)/.exec(run.stdout)?.[1];
    expect(run.stdout).toContain('Uses: 0/3');
    expect(run.stdout).toContain(`Register at http://localhost:${port}/register`);

    const check = await fetch(`http://127.0.0.1:${port}/api/v1/invitecode/verify/${code}`);
    expect(check.status).toBe(200);

    const list = cli({}, 'invites', 'list');
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${code}\\s+0/3\\s+never\\s+usable$`, 'm'));
  });

  it('reports the server’s refusal (a code that exists) and still refuses other commands clearly', () => {
    const first = /Invite code: (\S+)/.exec(output)?.[1] ?? '';
    const taken = cli({}, 'invites', 'create', '--code', first);
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain(`Invite code ${first} already exists.`);

    const seed = cli({}, 'seed');
    expect(seed.status).toBe(1);
    expect(seed.stderr).toContain('is in use by another process');
  });

  it('is not reachable without the token the server wrote into DATA_DIR', async () => {
    const url = `http://127.0.0.1:${port}/api/admin/invites`;
    const none = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(none.status).toBe(401);
    const guessed = await fetch(url, { headers: { authorization: 'Bearer guessed' } });
    expect(guessed.status).toBe(401);
    const docs = await (await fetch(`http://127.0.0.1:${port}/api/docs/json`)).text();
    expect(docs).not.toContain('/api/admin');
  });
});
