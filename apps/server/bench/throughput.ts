/** The throughput phases: floor against save-answer in rounds, creating mock tests, fetching results. */
import { json, pick, startSession, toSession, type Bench, type Session } from './context.js';
import { cannon, measured, medianLine, round } from './figures.js';
import { pooled } from './http.js';
import { log } from './options.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** Up to 1,000 learners each with a 180-minute mock test started, for the save and result phases. */
export async function startSaveSessions(bench: Bench): Promise<Session[]> {
  const { seeded, opts } = bench;
  const n = Math.min(opts.learners, 1000);
  const made = await pooled(seeded.tokens.slice(0, n), 8, (t) => startSession(bench, t, seeded.long));
  const sessions = made.filter((r) => r.status === 201).map((r, i) => toSession(seeded.tokens[i]!, r.body));
  if (sessions.length < n)
    throw new Error(`could not start sessions: ${made.find((r) => r.status !== 201)?.status}`);
  return sessions;
}

const runFloor = (bench: Bench) =>
  cannon(bench.opts, 'floor: 1-row UPDATE', {
    url: `http://127.0.0.1:${bench.server.floorPort}/floor`,
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
function runSave(bench: Bench, saveSessions: Session[]) {
  const { opts } = bench;
  let connection = 0;
  const perConnection = Math.max(1, Math.floor(saveSessions.length / opts.connections));
  return cannon(opts, `save-answer (${saveSessions.length} learners)`, {
    url: bench.base,
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

/**
 * The floor alone swings by a factor of two within minutes on a shared machine, so floor and save
 * alternate for several rounds and the ratio is reported per round and as the median.
 */
export async function floorAndSave(bench: Bench, saveSessions: Session[], want: (phase: string) => boolean) {
  const { opts } = bench;
  log(
    '\n## Throughput (autocannon, %d connections, %d s each, %d rounds)',
    opts.connections,
    opts.duration,
    opts.rounds,
  );
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let r = 1; r <= opts.rounds; r++) {
    const floor = want('floor') ? await measured(opts, () => runFloor(bench)) : null;
    const save = want('save') ? await measured(opts, () => runSave(bench, saveSessions)) : null;
    if (floor && save) {
      ratios.push((save.figures.rps / floor.figures.rps) * 100);
      cpuRatios.push((floor.cpuUs / save.cpuUs) * 100);
      log(
        `round ${r}: save-answer / floor = ${round(ratios.at(-1)!)} % by throughput, ` +
          `${round(cpuRatios.at(-1)!)} % by machine CPU per request`,
      );
    }
  }
  if (ratios.length) {
    log(medianLine('save-answer / floor by throughput', ratios));
    if (cpuRatios.every(Number.isFinite))
      log(medianLine('save-answer / floor by machine CPU per request', cpuRatios));
  }
}

/**
 * Starts at saturation: 20 connections of learners who have no running attempt of the module (the
 * save phase's learners do: theirs would be resumes), each starting once while there are enough. The
 * CPU split gives the server's CPU per start (decision 0021: goal ≤ 2 ms, ≥ 400 starts/s).
 */
export async function createMockTests(bench: Bench) {
  const { seeded, opts } = bench;
  const fresh = seeded.tokens.slice(Math.min(opts.learners, 1000));
  const tokens = fresh.length ? fresh : seeded.tokens;
  await warmPaperPool(bench, tokens.length < seeded.tokens.length ? seeded.tokens.slice(0, 300) : []);
  let i = 0;
  const { figures } = await measured(opts, () =>
    cannon(opts, 'create 75-question mock test', {
      url: bench.base,
      connections: Math.min(opts.connections, 20),
      requests: [
        {
          method: 'POST',
          path: '/api/v1/assessment',
          setupRequest: (req: Any) => ({
            ...req,
            headers: { ...json, authorization: `Bearer ${tokens[i++ % tokens.length]}` },
            body: JSON.stringify({
              examSlug: seeded.long.examSlug,
              quizType: 'module',
              moduleSlug: seeded.long.moduleSlug,
              type: 'quiz',
            }),
          }),
        },
      ],
    }),
  );
  const resumed = Math.max(0, figures.requests - tokens.length);
  log(
    `  starts per second at saturation: ${figures.rps}${resumed ? ` (the last ${resumed} were resumes)` : ''}`,
  );
}

/**
 * An exam day's module was started before (practice, earlier takers), so its drawn-ahead papers are
 * there (decision 0029): one start names the module to the pool's refill job, the bench waits for
 * the pool (up to 30 s), then `warm` learners (not the measured ones) start it.
 */
async function warmPaperPool(bench: Bench, warm: string[]) {
  const count = async () => {
    const rows = (await bench.server
      .call({ type: 'sql', text: 'SELECT count(*)::int AS n FROM paper_variants', params: [] })
      .catch(() => null)) as { n: number }[] | null;
    return rows?.[0]?.n ?? null;
  };
  if ((await count()) === null || !warm[0]) return;
  await startSession(bench, warm[0], bench.seeded.long);
  const until = Date.now() + 30_000;
  while (Date.now() < until && ((await count()) ?? 0) < 32) await new Promise((r) => setTimeout(r, 500));
  await pooled(warm.slice(1), 8, (token) => startSession(bench, token, bench.seeded.long));
  log(`  drawn-ahead papers of the module: ${await count()}`);
}

/** Submits 200 of the save sessions, then fetches their results. */
export async function fetchResults(bench: Bench, saveSessions: Session[]) {
  const done = saveSessions.slice(0, 200);
  const submitted = await pooled(done, 8, (s) =>
    bench.request('POST', `/api/v1/assessment/${s.slug}/submit`, s.token),
  );
  const bad = submitted.filter((r) => r.status !== 200).length;
  if (bad) log(`(${bad} submits failed)`);
  await cannon(bench.opts, 'result fetch (75 questions)', {
    url: bench.base,
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
