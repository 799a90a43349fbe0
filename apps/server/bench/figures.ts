/** What the bench measures and prints: latency percentiles, throughput, machine CPU per request. */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { log, type BenchOptions } from './options.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
export const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run with the bench's connections and duration (unless `o` says otherwise), printed. */
export async function cannon(opts: BenchOptions, name: string, o: autocannon.Options): Promise<Figures> {
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
  log(
    `${name.padEnd(28)} ${String(f.rps).padStart(8)} req/s  p50 ${f.p50} ms  p95 ${f.p95} ms  p99 ${f.p99} ms  ` +
      `(${f.requests} requests, ${f.non2xx} non-2xx, ${f.errors} errors/timeouts)`,
  );
  return f;
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
 * CPU time (ms) of this machine's PostgreSQL processes and of this process's children (the forked
 * server), from /proc: where a request's cost lands, which the machine-wide figure cannot say. With
 * PGlite the database runs inside the server and its share counts there.
 */
function processCpu(): { databaseMs: number; serverMs: number } | null {
  try {
    let databaseMs = 0;
    let serverMs = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // gone between the listing and the read
      }
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the name: state, ppid, ..., utime and stime are fields 14 and 15 of stat (11 and 12 here).
      const ms = (Number(rest[11]) + Number(rest[12])) * 10;
      if (comm === 'postgres') databaseMs += ms;
      else if (Number(rest[1]) === process.pid) serverMs += ms;
    }
    return { databaseMs, serverMs };
  } catch {
    return null;
  }
}

/**
 * A phase with the machine's CPU time per request (server, database and load generator together, all
 * on this machine), split into the database's, the server's and this process's (the load generator).
 * Throughput swings with what else the host runs; CPU per request barely does.
 */
export async function measured(opts: BenchOptions, run: () => Promise<Figures>) {
  const before = machineCpu();
  const split = processCpu();
  const own = process.cpuUsage();
  const figures = await run();
  const after = machineCpu();
  const splitAfter = processCpu();
  const ownUs = process.cpuUsage(own);
  const perRequest = (ms: number) => round((ms * 1000) / figures.requests, 0);
  const cpuUs = before && after ? ((after.busyMs - before.busyMs) * 1000) / figures.requests : NaN;
  const stealPct =
    before && after ? ((after.stealMs - before.stealMs) / (opts.duration * 1000 * cpus().length)) * 100 : NaN;
  const parts =
    split && splitAfter
      ? ` (database ${perRequest(splitAfter.databaseMs - split.databaseMs)} us, server ` +
        `${perRequest(splitAfter.serverMs - split.serverMs)} us, load generator ` +
        `${perRequest((ownUs.user + ownUs.system) / 1000)} us)`
      : '';
  log(`  machine CPU per request ${round(cpuUs, 0)} us${parts}, steal ${round(stealPct)} % of the cores`);
  return { figures, cpuUs };
}

/** Latency percentiles of requests timed by hand (not by autocannon). */
export function describe(name: string, ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return `${name.padEnd(10)} ${String(s.length).padStart(7)} requests  p50 ${round(pct(s, 50))} ms  p95 ${round(pct(s, 95))} ms  p99 ${round(pct(s, 99))} ms  max ${round(s[s.length - 1] ?? NaN)} ms`;
}

/** Median and range of a per-round ratio. */
export function medianLine(label: string, values: number[]) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return `${label}: median ${round(median)} % over ${values.length} rounds (${round(sorted[0]!)}–${round(sorted.at(-1)!)} %)`;
}
