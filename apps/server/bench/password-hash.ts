/**
 * CPU per password hash: scrypt N=2^17 (every account's hash before argon2) against argon2id at
 * OWASP's minimum (19 MiB, 2 passes, 1 lane), the server's default (docs/decisions/0018-exam-day-arrival.md).
 * The two alternate, A then B, round after round, so a machine that gets busier or quieter mid-run
 * moves both; the medians of the rounds are printed. One hash at a time: CPU per hash, not throughput.
 *
 *   node --import tsx bench/password-hash.ts [--rounds 9] [--per-round 3]
 */
import { parseArgs } from 'node:util';
import { createPasswordHasher, OWASP_ARGON2, scryptHash } from '../src/services/accounts/passwords.js';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '9' }, 'per-round': { type: 'string', default: '3' } },
});
const rounds = Number(values.rounds);
const perRound = Number(values['per-round']);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** CPU (user + system, every thread of the process) and wall time of one hash, in ms. */
async function measure(hashOnce: () => Promise<unknown>) {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < perRound; i++) await hashOnce();
  const used = process.cpuUsage(cpu);
  return {
    cpuMs: (used.user + used.system) / 1000 / perRound,
    wallMs: (performance.now() - wall) / perRound,
  };
}

const argon2 = createPasswordHasher(OWASP_ARGON2);
const kinds = {
  'scrypt N=2^17': () => scryptHash('bench-password', 17),
  'argon2id m=19 MiB t=2 p=1': () => argon2.hash('bench-password'),
};
// Warm both up (the first argon2 call loads the native module).
for (const hashOnce of Object.values(kinds)) await hashOnce();

const results = new Map<string, { cpu: number[]; wall: number[] }>();
for (let round = 0; round < rounds; round++) {
  for (const [name, hashOnce] of Object.entries(kinds)) {
    const { cpuMs, wallMs } = await measure(hashOnce);
    const r = results.get(name) ?? { cpu: [], wall: [] };
    r.cpu.push(cpuMs);
    r.wall.push(wallMs);
    results.set(name, r);
  }
}

console.log(`password hashing, ${rounds} alternating rounds of ${perRound} hashes each (median per hash)`);
const rows = [...results].map(([name, r]) => ({
  name,
  cpu: median(r.cpu),
  wall: median(r.wall),
  range: `${Math.min(...r.cpu).toFixed(0)}–${Math.max(...r.cpu).toFixed(0)}`,
}));
for (const row of rows)
  console.log(
    `  ${row.name.padEnd(28)} CPU ${row.cpu.toFixed(1)} ms (rounds ${row.range}), wall ${row.wall.toFixed(1)} ms`,
  );
const [scrypt, argon] = rows;
if (scrypt && argon) {
  console.log(`  argon2id costs ${((argon.cpu / scrypt.cpu) * 100).toFixed(0)} % of scrypt's CPU per hash`);
  console.log(
    `  one core's minute hashes ${Math.floor(60_000 / scrypt.cpu)} scrypt or ${Math.floor(60_000 / argon.cpu)} argon2id passwords`,
  );
}
