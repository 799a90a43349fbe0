/**
 * The server's CPU per start, in one process and without the network: a fresh schema (PostgreSQL with
 * DATABASE_URL=postgres://…, else in-memory PGlite), the bench's 75-question mock test, then
 * `--starts` learners each starting it once through the whole route (app.inject: authentication,
 * the start queue, the draw, the insert, the response's serialisation), `--concurrency` at a time.
 * Prints this process's CPU per start (user + system: with PostgreSQL that is the server's share alone)
 * and starts per second. For alternating before/after runs of a change to the start:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/start-cost.ts --starts 1500
 *     [--concurrency 16] [--warmup 300] [--encoding br] [--pool 32] [--hindi]
 *
 * `--pool` is PAPER_POOL_SIZE (decision 0029; 0 draws every start afresh): the pool is filled after
 * the first warm-up start, so the measured starts take drawn-ahead papers, as on an exam day whose
 * module was started before.
 *
 * `--hindi` makes the mock a paper in English and Hindi, every question translated, started in Hindi
 * (docs/languages.md).
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/build-app.js';
import { testConfig } from '../test/helpers/app.js';
import { createTestDatabase } from '../test/helpers/database.js';
import { insertCatalogue, optionQuestions } from '../test/helpers/catalogue.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const starts = arg('starts', 1500);
const concurrency = arg('concurrency', 16);
const warmup = arg('warmup', 300);
const pool = arg('pool', 32);
// `--encoding br` asks for the response compressed, as a browser does (the bench's clients do not).
const encoding = process.argv.includes('--encoding')
  ? process.argv[process.argv.indexOf('--encoding') + 1]
  : undefined;

const database = await createTestDatabase();
const app = await buildApp({
  config: testConfig({
    DATABASE_URL: process.env.DATABASE_URL ?? 'memory://',
    NODE_ENV: 'production',
    PAPER_POOL_SIZE: String(pool),
  }),
  database,
});
const catalogue = await insertCatalogue(app.db, {
  examName: 'Cost',
  module: { name: 'Cost mock', questionCount: 75, durationMinutes: 180 },
  subjects: ['Physics', 'Chemistry', 'Maths'].map((s) => ({
    name: s,
    questionCount: 25,
    topics: [{ name: `${s} A` }, { name: `${s} B` }],
    questions: [...optionQuestions(`${s} A`, 30, 0), ...optionQuestions(`${s} B`, 30, 1)],
  })),
});
const users = (await app.database.query(
  `INSERT INTO users (name, email, verified, used_invite_code)
   SELECT 'Cost ' || g, 'cost-${randomUUID()}-' || g || '@example.test', true, 'BENCH'
   FROM generate_series(1, $1::int) g RETURNING id`,
  [warmup + starts],
)) as { id: string }[];
const tokens = await Promise.all(
  users.map((u) => app.accessTokens.sign({ userId: String(u.id), verified: true, inviteUsed: true })),
);
const hindi = process.argv.includes('--hindi');
if (hindi) {
  await app.database.query(`UPDATE exams SET languages = '{en,hi}' WHERE id = $1`, [catalogue.exam.id]);
  await app.database.query(
    `INSERT INTO question_translations (question_id, lang, text, options, explanation, status)
     SELECT q.id, 'hi', 'हिन्दी: ' || q.text,
       (SELECT jsonb_agg('हिन्दी ' || o) FROM jsonb_array_elements_text(q.options) o),
       'हिन्दी: ' || q.explanation, 'approved'
     FROM questions q JOIN subjects s ON s.id = q.subject_id JOIN modules m ON m.id = s.module_id
     WHERE m.id = $1`,
    [catalogue.module.id],
  );
}
const payload = JSON.stringify({
  examSlug: catalogue.exam.slug,
  quizType: 'module',
  moduleSlug: catalogue.module.slug,
  type: 'quiz',
  ...(hindi ? { language: 'hi' } : {}),
});

async function run(from: number, count: number) {
  let next = from;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < from + count) {
        const token = tokens[next++]!;
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/assessment',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            ...(encoding ? { 'accept-encoding': encoding } : {}),
          },
          payload,
        });
        if (res.statusCode !== 201) failed++;
      }
    }),
  );
  return failed;
}

await run(0, 1);
if (pool > 0) await app.quiz.refillPools(600_000);
await run(1, warmup - 1);
const cpu = process.cpuUsage();
const t0 = performance.now();
const failed = await run(warmup, starts);
const wallMs = performance.now() - t0;
const used = process.cpuUsage(cpu);
const cpuUs = (used.user + used.system) / starts;
const [counted] = (await app.database.query(
  'SELECT count(*)::int AS n FROM assessments WHERE paper_variant_id IS NOT NULL',
)) as { n: number }[];
const fromPool = counted?.n ?? 0;
console.log(
  `${database.kind}${encoding ? ` (${encoding})` : ''}${hindi ? ' (Hindi)' : ''}, pool ${pool}: ${starts} starts (${failed} not 201, ${fromPool} from the pool), ${concurrency} at a time: ` +
    `server CPU ${Math.round(cpuUs)} us per start (user ${Math.round(used.user / starts)}, ` +
    `system ${Math.round(used.system / starts)}), ${Math.round((starts * 1000) / wallMs)} starts/s`,
);
await app.close();
await database.dispose();
