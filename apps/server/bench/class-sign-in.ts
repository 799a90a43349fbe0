/**
 * A class signs in at once (docs/decisions/0018-exam-day-arrival.md): `--learners` accounts (300, a
 * centre's lab) sign in from one address within `--spread` seconds, each retrying a 503 after its
 * Retry-After as the web app does, for up to a minute. Then a guesser at one account from the same
 * address, who must still be cut off. Passwords are hashed at the server's settings (ARGON2_*,
 * OWASP's by default). Prints how many got in, how many 503s were waited out, sign-in latency and
 * the server's CPU per sign-in.
 *
 *   node --import tsx bench/class-sign-in.ts [--learners 300] [--spread 60] [--hash argon2|scrypt]
 * On PostgreSQL: DATABASE_URL=postgres://… (the learners are written to that database and removed).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { inArray } from 'drizzle-orm';
import { buildApp } from '../src/build-app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { users } from '../src/db/schema.js';
import { createPasswordHasher, scryptHash } from '../src/services/accounts/passwords.js';
import { pct, round } from './figures.js';

const { values } = parseArgs({
  options: {
    learners: { type: 'string', default: '300' },
    spread: { type: 'string', default: '60' },
    // 'scrypt': accounts from before argon2 (N=2^17), as on the first exam day after the upgrade.
    hash: { type: 'string', default: 'argon2' },
  },
});
const count = Number(values.learners);
const spreadMs = Number(values.spread) * 1000;
const WEB_RETRY_LIMIT_MS = 60_000;
const PASSWORD = 'class-password';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  JWT_SECRET: randomBytes(32).toString('hex'),
  DATABASE_URL: process.env.DATABASE_URL ?? 'memory://',
  LOG_LEVEL: 'warn',
});
const database = await openDatabase(config);
await migrate(database);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1', backlog: config.listenBacklog });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const tag = randomBytes(4).toString('hex');
const emails = Array.from({ length: count }, (_, i) => `class-${tag}-${i}@bench.test`);
// One hash for all: each sign-in verifies it at full cost all the same.
const passwordHash =
  values.hash === 'scrypt'
    ? await scryptHash(PASSWORD, 17)
    : await createPasswordHasher(config.passwordHashing.argon2).hash(PASSWORD);
await app.db
  .insert(users)
  .values(emails.map((email) => ({ name: 'Learner', email, passwordHash, verified: true })));

async function signIn(email: string, password: string) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 1) };
}

/** As the web app: a 503 is waited out (Retry-After, at least 1 s) for up to a minute. */
async function learner(email: string) {
  const started = performance.now();
  let waits = 0;
  for (;;) {
    const { status, retryAfter } = await signIn(email, PASSWORD);
    const waitMs = Math.max(1, retryAfter) * 1000;
    if (status !== 503 || performance.now() + waitMs - started > WEB_RETRY_LIMIT_MS)
      return { status, waits, ms: performance.now() - started };
    waits++;
    await sleep(waitMs);
  }
}

console.log(
  `${count} learners sign in from one address within ${spreadMs / 1000} s; stored hashes: ${values.hash},`,
  'new ones argon2id',
  config.passwordHashing.argon2,
);
const cpu = process.cpuUsage();
const wall = performance.now();
const results = await Promise.all(
  emails.map(async (email) => {
    await sleep(Math.random() * spreadMs);
    return learner(email);
  }),
);
const used = process.cpuUsage(cpu);
const inCount = results.filter((r) => r.status === 200).length;
const statuses: Record<number, number> = {};
for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
const ms = results.map((r) => r.ms).sort((a, b) => a - b);
console.log(`  signed in ${inCount} of ${count}; answers ${JSON.stringify(statuses)}`);
console.log(
  `  503s waited out: ${results.reduce((n, r) => n + r.waits, 0)} (learners who waited: ${results.filter((r) => r.waits > 0).length})`,
);
console.log(
  `  sign-in latency p50 ${round(pct(ms, 50))} ms, p95 ${round(pct(ms, 95))} ms, max ${round(ms.at(-1) ?? 0)} ms`,
);
console.log(
  `  process CPU ${round((used.user + used.system) / 1000 / count)} ms per sign-in, ${round((performance.now() - wall) / 1000)} s in all`,
);

// A guesser behind the same address: 12 wrong passwords at one account, then the right one.
const victim = emails[0]!;
const guesses: number[] = [];
for (let i = 0; i < 12; i++) guesses.push((await signIn(victim, `guess-${i}`)).status);
const afterGuesses = (await signIn(victim, PASSWORD)).status;
console.log(`  a guesser at one account: ${guesses.join(' ')}; then the right password: ${afterGuesses}`);

await app.db.delete(users).where(inArray(users.email, emails));
await app.close();
