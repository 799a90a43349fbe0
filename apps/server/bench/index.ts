/**
 * `npm run bench`: load on the built server over loopback (see docs/performance.md).
 *
 *   npm run bench --workspace @ai-tutor/server -- --db pglite|postgres --learners 10000 --duration 10
 *     --connections 50 --exam-minutes 2 --ramp 60 --save-every 30 --sweep 1
 *     --phases floor,save,create,result,signin,examday --rounds 3 --burst 70
 *
 * or from the environment (what `npm run bench` at the root passes on): BENCH_DB, BENCH_LEARNERS,
 * BENCH_DURATION, BENCH_CONNECTIONS, BENCH_EXAM_MINUTES, BENCH_RAMP, BENCH_SAVE_EVERY, BENCH_SWEEP,
 * BENCH_BURST, BENCH_PHASES (BENCH_PROF=<dir> writes CPU profiles of the server process); BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test) is the server a fresh database `ai_tutor_bench` is created on.
 *
 * The server (bench/server.ts → dist/bench-app.js) runs in its own process; the load comes from this
 * one. Every loop is bounded (a duration or a fixed number of requests) and stops by itself.
 */
import { fork, execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { signInBurst } from './sign-in-burst.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

// ── Options ─────────────────────────────────────────────────────────────────────────────────────────
function option(name: string, fallback: string): string {
  const flag = process.argv.indexOf(`--${name}`);
  if (flag >= 0 && process.argv[flag + 1]) return process.argv[flag + 1]!;
  const inline = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  // `npm run bench -- --db=postgres` at the root: the inner npm takes the flags as its own config and
  // hands them on as npm_config_* variables (write them with `=`; `--db postgres` reaches npm as a bare
  // flag, npm_config_db=true).
  const key = name.replace(/-/g, '_');
  const viaNpm = process.env[`npm_config_${key}`];
  return process.env[`BENCH_${key.toUpperCase()}`] ?? (viaNpm && viaNpm !== 'true' ? viaNpm : fallback);
}
const opts = {
  db: option('db', 'pglite') as 'pglite' | 'postgres',
  learners: Number(option('learners', '10000')),
  duration: Number(option('duration', '10')),
  connections: Number(option('connections', '50')),
  examMinutes: Number(option('exam-minutes', '2')),
  ramp: Number(option('ramp', '60')),
  saveEvery: Number(option('save-every', '30')),
  sweep: Number(option('sweep', '1')),
  phases: option('phases', 'floor,save,create,result,signin,examday').split(','),
  burst: Number(option('burst', '70')),
  rounds: Number(option('rounds', '3')),
  baseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
};
if (!['pglite', 'postgres'].includes(opts.db)) throw new Error('--db must be pglite or postgres');
const log = (...args: unknown[]) => console.log(...args);

// ── The server process ──────────────────────────────────────────────────────────────────────────────
const serverDir = new URL('..', import.meta.url).pathname;
execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });

let dataDir: string | null = null;
let benchDbUrl: string | null = null;
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  JWT_SECRET: randomBytes(32).toString('hex'),
  ACCESS_TOKEN_TTL: '1d',
  SWEEP_INTERVAL_SECONDS: String(opts.sweep),
};
if (opts.db === 'postgres') {
  const admin = new pg.Client({ connectionString: opts.baseUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS ai_tutor_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE ai_tutor_bench');
  await admin.end();
  const url = new URL(opts.baseUrl);
  url.pathname = '/ai_tutor_bench';
  benchDbUrl = url.toString();
  env.DATABASE_URL = benchDbUrl;
} else {
  dataDir = mkdtempSync(join(tmpdir(), 'ai-tutor-bench-'));
  env.DATA_DIR = dataDir;
  delete env.DATABASE_URL;
}

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
const base = `http://127.0.0.1:${appPort}`;
log(`\n# AI TUTOR benchmark — ${kind}, ${new Date().toISOString()}`);
log(`options: ${JSON.stringify({ ...opts, baseUrl: undefined })}`);

const seeded = (await call({ type: 'seed', learners: opts.learners, examMinutes: opts.examMinutes })) as {
  long: { examSlug: string; moduleSlug: string; moduleId: string };
  examDay: { examSlug: string; moduleSlug: string; moduleId: string };
  tokens: string[];
};
log(
  `seeded ${seeded.tokens.length} learners, two 75-question mock tests (180 min and ${opts.examMinutes} min)`,
);

// ── HTTP helpers ────────────────────────────────────────────────────────────────────────────────────
const agent = new http.Agent({ keepAlive: true, maxSockets: 4096 });
interface Res {
  status: number;
  body: Any;
  ms: number;
}
function request(
  method: string,
  path: string,
  token: string,
  body?: unknown,
  timeoutMs = 60_000,
): Promise<Res> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let parsed: Any = null;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            parsed = null;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - started });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: null, ms: performance.now() - started }));
    if (payload) req.write(payload);
    req.end();
  });
}
/** Runs `work` over `items` with at most `limit` in flight. */
async function pooled<T, R>(
  items: T[],
  limit: number,
  work: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}
const results: Figures[] = [];
async function cannon(name: string, o: autocannon.Options): Promise<Figures> {
  const times: number[] = [];
  const instance = autocannon({ connections: opts.connections, duration: opts.duration, ...o });
  instance.on('response', (_client: Any, _status: number, _bytes: number, ms: number) => times.push(ms));
  const r = (await instance) as Any;
  times.sort((a, b) => a - b);
  const f: Figures = {
    name,
    rps: round(r.requests.total / (r.duration || opts.duration)),
    p50: round(pct(times, 50)),
    p95: round(pct(times, 95)),
    p99: round(pct(times, 99)),
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  results.push(f);
  log(
    `${name.padEnd(28)} ${String(f.rps).padStart(8)} req/s  p50 ${f.p50} ms  p95 ${f.p95} ms  p99 ${f.p99} ms  ` +
      `(${f.requests} requests, ${f.non2xx} non-2xx, ${f.errors} errors/timeouts)`,
  );
  return f;
}
const json = { 'content-type': 'application/json' };

// ── Sessions the throughput phases share ────────────────────────────────────────────────────────────
interface Session {
  token: string;
  slug: string;
  deadlineMs: number;
  evaluations: { id: string; options: string[] }[];
}
async function startSession(token: string, ref: { examSlug: string; moduleSlug: string }): Promise<Res> {
  return request('POST', '/api/v1/assessment', token, {
    examSlug: ref.examSlug,
    quizType: 'module',
    moduleSlug: ref.moduleSlug,
    type: 'quiz',
  });
}
const toSession = (token: string, body: Any): Session => ({
  token,
  slug: body.data.assessment.slug,
  deadlineMs: Date.parse(body.data.assessment.deadline ?? body.data.assessment.endTime),
  evaluations: body.data.evaluation.map((e: Any) => ({ id: e._id, options: e.baseQuestion.options })),
});
const pick = <T>(a: T[]): T => a[Math.floor(Math.random() * a.length)]!;

let saveSessions: Session[] = [];
const want = (phase: string) => opts.phases.includes(phase);

if (want('save') || want('result')) {
  const n = Math.min(opts.learners, 1000);
  const made = await pooled(seeded.tokens.slice(0, n), 8, (t) => startSession(t, seeded.long));
  saveSessions = made.filter((r) => r.status === 201).map((r, i) => toSession(seeded.tokens[i]!, r.body));
  if (saveSessions.length < n)
    throw new Error(`could not start sessions: ${made.find((r) => r.status !== 201)?.status}`);
}

/** Machine-wide CPU time from /proc/stat (ms): busy (user, nice, system, irq, softirq) and steal. */
function machineCpu(): { busyMs: number; stealMs: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    const tick = 1000 / 100; // USER_HZ is 100 on Linux
    return { busyMs: (user + nice + system + irq + softirq) * tick, stealMs: steal * tick };
  } catch {
    return null; // not Linux: throughput figures only
  }
}

/**
 * A phase with the machine's CPU time per request (server, database and load generator together, all
 * on this machine). Throughput swings with what else the host runs; CPU per request barely does.
 */
async function measured(run: () => Promise<Figures>) {
  const before = machineCpu();
  const figures = await run();
  const after = machineCpu();
  const cpuUs = before && after ? ((after.busyMs - before.busyMs) * 1000) / figures.requests : NaN;
  const stealPct =
    before && after ? ((after.stealMs - before.stealMs) / (opts.duration * 1000 * cpus().length)) * 100 : NaN;
  log(`  machine CPU per request ${round(cpuUs, 0)} us, steal ${round(stealPct)} % of the cores`);
  return { figures, cpuUs };
}

const runFloor = () =>
  cannon('floor: 1-row UPDATE', {
    url: `http://127.0.0.1:${floorPort}/floor`,
    method: 'POST',
    headers: json,
    body: '{}',
  });

/**
 * Each connection gets its own learners and a list of saves made up front, as the floor's one request
 * is: autocannon encodes a listed request once, while a per-request setupRequest (JSON, headers) cost
 * the load generator ~50 us more per request than the floor's on the same two cores, and that was
 * counted against the server. The server still does a whole save each time (saves are idempotent).
 */
function runSave() {
  let connection = 0;
  const perConnection = Math.max(1, Math.floor(saveSessions.length / opts.connections));
  return cannon(`save-answer (${saveSessions.length} learners)`, {
    url: base,
    setupClient: (client: Any) => {
      const start = (connection++ % opts.connections) * perConnection;
      const own = saveSessions.slice(start, start + perConnection);
      const requests = Array.from({ length: 200 }, () => {
        const s = pick(own.length ? own : saveSessions);
        const e = pick(s.evaluations);
        return {
          method: 'POST',
          path: '/api/v1/evaluations',
          headers: { ...json, authorization: `Bearer ${s.token}` },
          body: JSON.stringify({
            evaluationId: e.id,
            userAnswer: pick(e.options),
            markedForReview: Math.random() < 0.1,
          }),
        };
      });
      client.setRequests(requests);
    },
  });
}

if (want('floor') || want('save')) {
  // The floor alone swings by a factor of two within minutes on a shared machine, so floor and save
  // alternate for several rounds and the ratio is reported per round and as the median.
  log(
    '\n## Throughput (autocannon, %d connections, %d s each, %d rounds)',
    opts.connections,
    opts.duration,
    opts.rounds,
  );
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let r = 1; r <= opts.rounds; r++) {
    const floor = want('floor') ? await measured(runFloor) : null;
    const save = want('save') ? await measured(runSave) : null;
    if (floor && save) {
      ratios.push((save.figures.rps / floor.figures.rps) * 100);
      cpuRatios.push((floor.cpuUs / save.cpuUs) * 100);
      log(
        `round ${r}: save-answer / floor = ${round(ratios.at(-1)!)} % by throughput, ` +
          `${round(cpuRatios.at(-1)!)} % by machine CPU per request`,
      );
    }
  }
  const summary = (name: string, values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    const mid = sorted.length / 2;
    const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    log(
      `save-answer / floor ${name}: median ${round(median)} % over ${values.length} rounds ` +
        `(${round(sorted[0]!)}–${round(sorted.at(-1)!)} %)`,
    );
  };
  if (ratios.length) {
    summary('by throughput', ratios);
    if (cpuRatios.every(Number.isFinite)) summary('by machine CPU per request', cpuRatios);
  }
}

if (want('create')) {
  let i = 0;
  await cannon('create 75-question mock test', {
    url: base,
    connections: Math.min(opts.connections, 20),
    requests: [
      {
        method: 'POST',
        path: '/api/v1/assessment',
        setupRequest: (req: Any) => ({
          ...req,
          headers: { ...json, authorization: `Bearer ${seeded.tokens[i++ % seeded.tokens.length]}` },
          body: JSON.stringify({
            examSlug: seeded.long.examSlug,
            quizType: 'module',
            moduleSlug: seeded.long.moduleSlug,
            type: 'quiz',
          }),
        }),
      },
    ],
  });
}

if (want('result')) {
  const done = saveSessions.slice(0, 200);
  const submitted = await pooled(done, 8, (s) =>
    request('POST', `/api/v1/assessment/${s.slug}/submit`, s.token),
  );
  const bad = submitted.filter((r) => r.status !== 200).length;
  if (bad) log(`(${bad} submits failed)`);
  await cannon('result fetch (75 questions)', {
    url: base,
    requests: [
      {
        method: 'GET',
        setupRequest: (req: Any) => {
          const s = pick(done);
          return {
            ...req,
            path: `/api/v1/assessment/get-session/${s.slug}`,
            headers: { authorization: `Bearer ${s.token}` },
          };
        },
      },
    ],
  });
}

// ── Exam day ────────────────────────────────────────────────────────────────────────────────────────
interface ExamDay {
  learners: number;
  starts: number[];
  saves: number[];
  startErrors: Record<string, number>;
  saveErrors: Record<string, number>;
  lateRefused: number;
  acknowledged: number;
  lastDeadline: number;
  completeAfterMs: number | null;
  recordsOk: boolean;
  missing: number;
  mismatched: number;
  unacknowledgedLanded: number;
  wallMs: number;
}
async function examDay(): Promise<ExamDay> {
  const n = seeded.tokens.length;
  log(
    `\n## Exam day: ${n} learners start a 75-question ${opts.examMinutes}-minute mock test within ${opts.ramp} s, save every ~${opts.saveEvery} s`,
  );
  const t0 = Date.now();
  const starts: number[] = [];
  const saves: number[] = [];
  const startErrors: Record<string, number> = {};
  const saveErrors: Record<string, number> = {};
  let lateRefused = 0;
  let acknowledged = 0;
  /** evaluationId → the last answer the server acknowledged (each learner's saves are sequential). */
  const acked = new Map<string, string>();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
  let lastDeadline = 0;
  let progress = 0;
  const ticker = setInterval(() => {
    log(
      `  t=${Math.round((Date.now() - t0) / 1000)} s: ${starts.length} started, ${saves.length} saves, ${progress} learners done`,
    );
  }, 15_000);

  const learner = async (token: string) => {
    await sleep(Math.random() * opts.ramp * 1000);
    let res = await startSession(token, seeded.examDay);
    starts.push(res.ms);
    if (res.status !== 201) {
      startErrors[res.status] = (startErrors[res.status] ?? 0) + 1;
      progress++;
      return;
    }
    const s = toSession(token, res.body);
    lastDeadline = Math.max(lastDeadline, s.deadlineMs);
    let at = Date.now() + Math.random() * opts.saveEvery * 1000;
    while (at < s.deadlineMs - 1000) {
      await sleep(at - Date.now());
      const e = pick(s.evaluations);
      const answer = pick(e.options);
      res = await request('POST', '/api/v1/evaluations', token, {
        evaluationId: e.id,
        userAnswer: answer,
        timeSpentSeconds: 30,
      });
      saves.push(res.ms);
      if (res.status === 200) {
        acknowledged++;
        acked.set(e.id, answer);
      } else if (res.status === 409) lateRefused++;
      else saveErrors[res.status] = (saveErrors[res.status] ?? 0) + 1;
      at += opts.saveEvery * 1000 * (0.8 + Math.random() * 0.4);
    }
    progress++;
  };
  await Promise.all(seeded.tokens.map((t) => learner(t)));
  clearInterval(ticker);

  // Wait for the sweep: every session completed, its records updated (one transaction does both).
  const graceMs = 10_000;
  const boundary = lastDeadline + graceMs;
  await sleep(boundary - Date.now());
  let completeAfterMs: number | null = null;
  const limit = Date.now() + 10 * 60_000;
  while (Date.now() < limit) {
    const [row] = await sqlRows(
      'SELECT count(*) FILTER (WHERE NOT session_completed)::int AS open, count(*)::int AS total FROM assessments WHERE module_id = $1',
      [seeded.examDay.moduleId],
    );
    if (row!.open === 0) {
      completeAfterMs = Date.now() - boundary;
      break;
    }
    await sleep(250);
  }
  const [rec] = await sqlRows(
    `SELECT coalesce(sum(attempts), 0)::int AS attempts FROM performance_records WHERE entity_type = 'exam_module' AND entity_id = $1`,
    [seeded.examDay.moduleId],
  );
  const [sessions] = await sqlRows(
    'SELECT count(*)::int AS n FROM assessments WHERE module_id = $1 AND session_completed',
    [seeded.examDay.moduleId],
  );
  const recordsOk = rec!.attempts === sessions!.n;

  // Every acknowledged answer is in the database.
  const rows = await sqlRows(
    `SELECT e.id, e.user_answer FROM evaluations e JOIN assessments a ON a.id = e.assessment_id
     WHERE a.module_id = $1 AND e.user_answer IS NOT NULL`,
    [seeded.examDay.moduleId],
  );
  const stored = new Map(rows.map((r) => [String(r.id), String(r.user_answer)]));
  let missing = 0;
  let mismatched = 0;
  for (const [id, answer] of acked) {
    const got = stored.get(id);
    if (got === undefined) missing++;
    else if (got !== answer) mismatched++;
  }
  const unacknowledgedLanded = [...stored.keys()].filter((id) => !acked.has(id)).length;
  return {
    learners: n,
    starts,
    saves,
    startErrors,
    saveErrors,
    lateRefused,
    acknowledged,
    lastDeadline,
    completeAfterMs,
    recordsOk,
    missing,
    mismatched,
    unacknowledgedLanded,
    wallMs: Date.now() - t0,
  };
}

function describe(name: string, ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return `${name.padEnd(10)} ${String(s.length).padStart(7)} requests  p50 ${round(pct(s, 50))} ms  p95 ${round(pct(s, 95))} ms  p99 ${round(pct(s, 99))} ms  max ${round(s[s.length - 1] ?? NaN)} ms`;
}

if (want('signin')) {
  await signInBurst(
    {
      post: (path, body) => request('POST', path, '', body),
      withPasswords: (count, password) => call({ type: 'passwords', count, password }),
      log,
    },
    // One refresh per 150 ms stays under the per-address ceiling of sign-in and refresh (600/min).
    { burst: opts.burst, refreshEveryMs: 150 },
  );
}

if (want('examday')) {
  const d = await examDay();
  log(describe('start', d.starts));
  log(describe('save', d.saves));
  log(
    `start errors: ${JSON.stringify(d.startErrors)}  save errors: ${JSON.stringify(d.saveErrors)}  saves refused as too late (409): ${d.lateRefused}`,
  );
  log(
    `every session completed ${d.completeAfterMs === null ? 'NOT within 10 min' : `${round(d.completeAfterMs / 1000)} s`} after the last deadline + grace; ` +
      `records updated: ${d.recordsOk ? 'yes' : 'NO'}`,
  );
  log(
    `acknowledged answers: ${d.acknowledged} saves, ${d.missing} missing, ${d.mismatched} different in the database ` +
      `(${d.unacknowledgedLanded} stored answers without an acknowledgement)  →  ${d.missing + d.mismatched === 0 ? 'OK' : 'FAILED'}`,
  );
  log(`exam day wall time: ${round(d.wallMs / 1000)} s`);
}

await call({ type: 'close' }).catch(() => undefined);
agent.destroy();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
if (benchDbUrl) {
  const admin = new pg.Client({ connectionString: opts.baseUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS ai_tutor_bench WITH (FORCE)');
  await admin.end();
}
process.exit(0);
