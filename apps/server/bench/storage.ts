/**
 * The storage phase: bytes of write-ahead log per start and per save (PostgreSQL only). Unlike
 * throughput these do not move with the machine's speed, so they compare designs exactly (decision
 * 0010: 34.5 kB a start and 331 B a save with one evaluation row per question; 3.6 kB and 552 B with
 * one row per session; 4.2 kB and 1,275 B once saves stopped recompressing the answers).
 */
import { pick, startSession, toSession, type Bench, type Session } from './context.js';
import { log } from './options.js';

const STARTS = 50;
const SAVES_EACH = 40;

async function walPosition(bench: Bench): Promise<string> {
  const [row] = await bench.server.sqlRows('SELECT pg_current_wal_insert_lsn()::text AS lsn');
  return String(row!.lsn);
}
async function walBytes(bench: Bench, from: string, to: string): Promise<number> {
  const [row] = await bench.server.sqlRows('SELECT pg_wal_lsn_diff($2::pg_lsn, $1::pg_lsn) AS bytes', [
    from,
    to,
  ]);
  return Number(row!.bytes);
}

export async function storageFigures(bench: Bench) {
  if (bench.server.kind !== 'postgres') {
    log('storage: WAL figures need --db postgres; skipped');
    return;
  }
  // Learners from the end of the seeded list: the other phases take theirs from the start.
  const tokens = bench.seeded.tokens.slice(-STARTS);
  const atStart = await walPosition(bench);
  const sessions: Session[] = [];
  for (const token of tokens) {
    const res = await startSession(bench, token, bench.seeded.long);
    if (res.status !== 201) throw new Error(`storage: start answered ${res.status}`);
    sessions.push(toSession(token, res.body));
  }
  const afterStarts = await walPosition(bench);
  for (const s of sessions)
    for (const e of s.evaluations.slice(0, SAVES_EACH)) {
      const res = await bench.request('POST', '/api/v1/evaluations', s.token, {
        evaluationId: e.id,
        userAnswer: pick(e.options),
        timeSpentSeconds: 3,
      });
      if (res.status !== 200) throw new Error(`storage: save answered ${res.status}`);
    }
  const afterSaves = await walPosition(bench);
  const perStart = (await walBytes(bench, atStart, afterStarts)) / STARTS;
  const perSave = (await walBytes(bench, afterStarts, afterSaves)) / (STARTS * SAVES_EACH);
  log(
    `storage: WAL per 75-question start ${(perStart / 1024).toFixed(1)} kB, per save ${perSave.toFixed(0)} B`,
  );
}
