/**
 * The cost phase (PostgreSQL): instructions per statement for the save and for the floor, counted by
 * valgrind's callgrind in a single-user PostgreSQL holding a copy of the bench database. Unlike time
 * on this shared machine, an instruction count repeats: it compares storage designs exactly
 * (decision 0013). Each statement runs COUNT times at random sessions and positions; a run with none
 * is subtracted, so start-up, parsing of the EXECUTE lines and printing cancel out.
 * Needs valgrind and PostgreSQL's server programs (pg_config --bindir); skipped, with a line saying
 * why, without them. As root, the copy runs as the postgres user.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAVE } from '../src/services/quiz/save-evaluation.js';
import type { Bench } from './context.js';
import { FLOOR_ROWS, FLOOR_SQL } from './floor.js';
import { log } from './options.js';

const COUNT = 200;
const asRoot = process.getuid?.() === 0;

function has(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/** Runs a PostgreSQL program (as postgres when we are root: the server refuses to run as root). */
function pgRun(bin: string, program: string, args: string[], input?: string): string {
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
    : [join(bin, program), args];
  return execFileSync(command, argv, { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
}

const HALF_ANSWERED = `UPDATE answer_sheets SET deadline = now() + interval '1 day', answers = ARRAY(
  SELECT CASE WHEN e.n % 2 = 1 AND jsonb_array_length(e.o) > 0 THEN (e.o -> 0)::text END
  FROM jsonb_array_elements(options) WITH ORDINALITY AS e(o, n) ORDER BY e.n)`;

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Total instructions of a single-user backend running `script`. */
function countInstructions(bin: string, dataDir: string, dir: string, script: string): number {
  const out = join(dir, `callgrind.${Math.random().toString(36).slice(2)}`);
  const args = ['--tool=callgrind', `--callgrind-out-file=${out}`, join(bin, 'postgres'), '--single'];
  args.push('-D', dataDir, '-c', 'fsync=off', '-c', 'synchronous_commit=off', 'bench');
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', 'valgrind', ...args]]
    : ['valgrind', args];
  const run = spawnSync(command, argv, { input: script, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (/ERROR:/.test(run.stdout))
    throw new Error(`cost: a statement failed: ${/ERROR:.*/.exec(run.stdout)![0]}`);
  const summary = /^summary: (\d+)/m.exec(readFileSync(out, 'utf8'));
  if (!summary) throw new Error('cost: callgrind wrote no summary');
  return Number(summary[1]);
}

export async function statementCost(bench: Bench) {
  if (bench.server.kind !== 'postgres') return log('cost: needs --db postgres; skipped');
  if (!has('valgrind', ['--version'])) return log('cost: needs valgrind (apt-get install valgrind); skipped');
  const bin = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' }).stdout.trim();
  if (!bin || !has(join(bin, 'postgres'), ['--version']))
    return log('cost: needs pg_config --bindir; skipped');

  // Saves as the save phase makes them: an option of the question at a random position.
  const picks = await bench.server.sqlRows(
    `SELECT assessment_id::text AS id, user_id::text AS user_id, p, options -> p ->> 0 AS option
     FROM (SELECT *, (random() * (cardinality(question_types) - 1))::int AS p FROM answer_sheets) s
     WHERE jsonb_array_length(options -> p) > 0 ORDER BY random() LIMIT ${COUNT}`,
  );
  if (picks.length < COUNT) return log(`cost: needs ${COUNT} running sessions; skipped`);
  // With a sequence, as the web app sends it: the order guard is part of what a save costs.
  const sequence = Date.now();
  const saves = picks.map(
    (r, i) =>
      `EXECUTE save(${literal(String(r.id))}, ${literal(String(r.user_id))}, ${Number(r.p)}, true, ` +
      `${literal(JSON.stringify(String(r.option)))}, NULL, 5, 'string', ${sequence + i});`,
  );
  const floors = picks.map((_, i) => `EXECUTE floor(${1 + ((i * 7919) % FLOOR_ROWS)});`);

  const dir = mkdtempSync(join(tmpdir(), 'ai-tutor-cost-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  // The copy's server listens on a socket in `dir` only, while it is loaded; counting needs it stopped.
  const psql = (database: string, args: string[]) =>
    execFileSync(
      'psql',
      [
        '-X',
        '-q',
        '-v',
        'ON_ERROR_STOP=1',
        '-h',
        dir,
        '-p',
        '5499',
        '-U',
        'postgres',
        '-d',
        database,
        ...args,
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
  try {
    const url = new URL(bench.opts.baseUrl);
    url.pathname = '/ai_tutor_bench';
    execFileSync('pg_dump', ['--no-owner', '-f', join(dir, 'bench.sql'), url.toString()]);
    pgRun(bin, 'initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres']);
    const options = `-p 5499 -k ${dir} -c listen_addresses=''`;
    pgRun(bin, 'pg_ctl', ['-D', dataDir, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
    try {
      psql('postgres', ['-c', 'CREATE DATABASE bench']);
      psql('bench', ['-f', join(dir, 'bench.sql')]);
      // Every sheet half answered, whatever phases ran before, and deadlines far off: the copy accepts
      // every save, and the count does not depend on what the load left behind.
      psql('bench', ['-c', HALF_ANSWERED, '-c', 'VACUUM FULL', '-c', 'VACUUM ANALYZE']);
    } finally {
      pgRun(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    }

    const prepareSave = `PREPARE save AS ${oneLine(SAVE.text)};\n`;
    const prepareFloor = `PREPARE floor AS ${oneLine(FLOOR_SQL)};\n`;
    const count = (prepare: string, lines: string[]) =>
      (countInstructions(bin, dataDir, dir, prepare + lines.join('\n') + '\n') -
        countInstructions(bin, dataDir, dir, prepare)) /
      lines.length;
    const save = count(prepareSave, saves);
    const floor = count(prepareFloor, floors);
    log(
      `cost: PostgreSQL instructions per statement (callgrind, single-user copy, ${COUNT} each): ` +
        `save ${(save / 1000).toFixed(0)}k, floor ${(floor / 1000).toFixed(0)}k (save ÷ floor ${(save / floor).toFixed(2)})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
