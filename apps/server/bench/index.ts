/**
 * `npm run bench`: load on the built server over loopback (see docs/performance.md).
 *
 *   npm run bench --workspace @ai-tutor/server -- --db pglite|postgres --learners 10000 --duration 10
 *     --connections 50 --exam-minutes 2 --ramp 60 --save-every 30 --sweep 5
 *     --phases floor,save,create,result,signin,storage,examday,live,items,review --rounds 3 --burst 70
 *     (and `cost`, not among the defaults: instructions per save and per floor statement, with valgrind)
 *
 * or from the environment (what `npm run bench` at the root passes on): BENCH_DB, BENCH_LEARNERS,
 * BENCH_DURATION, BENCH_CONNECTIONS, BENCH_EXAM_MINUTES, BENCH_RAMP, BENCH_SAVE_EVERY, BENCH_SWEEP,
 * BENCH_BURST, BENCH_PHASES (BENCH_PROF=<dir> writes CPU profiles of the server process); BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test) is the server a fresh database `ai_tutor_bench` is created on.
 * BENCH_KEEP=1 leaves that database after the run (to look at rows or count one statement's cost).
 *
 * The server (bench/server.ts → dist/bench-app.js) runs in its own process; the load comes from this
 * one. Every loop is bounded (a duration or a fixed number of requests) and stops by itself.
 */
import { createClient } from './http.js';
import type { Bench } from './context.js';
import { examDay } from './exam-day.js';
import { itemAnalysis } from './items.js';
import { liveTest } from './live.js';
import { log, readOptions } from './options.js';
import { startServerProcess } from './server-process.js';
import { reviewFigures } from './review.js';
import { signInBurst } from './sign-in-burst.js';
import { statementCost } from './statement-cost.js';
import { storageFigures } from './storage.js';
import { createMockTests, fetchResults, floorAndSave, startSaveSessions } from './throughput.js';

// The parts: options.ts, server-process.ts (the forked server and its store), http.ts, figures.ts
// (percentiles, autocannon, CPU per request), throughput.ts, sign-in-burst.ts, exam-day.ts.
const opts = readOptions();
const server = await startServerProcess(opts);
const base = `http://127.0.0.1:${server.appPort}`;
log(`\n# AI TUTOR benchmark — ${server.kind}, ${new Date().toISOString()}`);
log(`options: ${JSON.stringify({ ...opts, baseUrl: undefined })}`);

const seeded = (await server.call({
  type: 'seed',
  learners: opts.learners,
  examMinutes: opts.examMinutes,
})) as Bench['seeded'];
log(
  `seeded ${seeded.tokens.length} learners, two 75-question mock tests (180 min and ${opts.examMinutes} min)`,
);

const client = createClient(base);
const bench: Bench = { opts, server, base, request: client.request, seeded };
const want = (phase: string) => opts.phases.includes(phase);

const saveSessions = want('save') || want('result') || want('cost') ? await startSaveSessions(bench) : [];
if (want('floor') || want('save')) await floorAndSave(bench, saveSessions, want);
if (want('cost')) await statementCost(bench);
if (want('create')) await createMockTests(bench);
if (want('result')) await fetchResults(bench, saveSessions);
if (want('signin')) {
  await signInBurst(
    {
      post: (path, body) => client.request('POST', path, '', body),
      withPasswords: (count, password) => server.call({ type: 'passwords', count, password }),
      log,
    },
    // One refresh per 150 ms stays under the per-address ceiling of sign-in and refresh (600/min).
    { burst: opts.burst, refreshEveryMs: 150 },
  );
}
if (want('storage')) await storageFigures(bench);
if (want('examday')) await examDay(bench);
if (want('live')) await liveTest(bench);
if (want('items')) await itemAnalysis(bench);
if (want('review')) await reviewFigures(bench);

client.close();
await server.stop();
process.exit(0);
