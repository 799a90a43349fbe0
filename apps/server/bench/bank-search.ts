/**
 * The console's bank search at size (docs/question-bank.md): `--questions` (20,000) questions of made-up
 * physics prose, one in a hundred naming Kirchhoff, in a fresh database; then each search the console
 * makes (a rare word, a word's start, a common word, a word and a filter) timed `--rounds` times.
 * Prints each search's median and p95 in ms and how many it found.
 *
 *   node --import tsx bench/bank-search.ts [--questions 20000] [--rounds 30]
 * On PostgreSQL (the figure that counts): DATABASE_URL=postgres://postgres@127.0.0.1:5432/test — a
 * database `ai_tutor_bench_bank` is made there and dropped afterwards. Without it: the embedded store.
 */
import { createHash, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { bankQuery } from '@ai-tutor/contract';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { exams, modules, questions, subjects, topics } from '../src/db/schema.js';
import { bankRepository } from '../src/services/bank/bank-repository.js';
import { pct, round } from './figures.js';

const { values } = parseArgs({
  options: { questions: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '30' } },
});
const count = Number(values.questions);
const rounds = Number(values.rounds);
const baseUrl = process.env.DATABASE_URL;
const benchUrl = baseUrl ? baseUrl.replace(/\/[^/]*$/, '/ai_tutor_bench_bank') : 'memory://';

async function recreate(create: boolean) {
  if (!baseUrl) return;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS ai_tutor_bench_bank WITH (FORCE)');
  if (create) await admin.query('CREATE DATABASE ai_tutor_bench_bank');
  await admin.end();
}

const WORDS = (
  'current voltage resistance charge field magnetic electric potential energy work power force mass ' +
  'velocity acceleration momentum lens mirror focal image refraction wave frequency wavelength photon ' +
  'electron nucleus decay thermal heat gas pressure volume temperature entropy capacitor inductor ' +
  'circuit junction loop wire coil flux induction oscillation spring pendulum gravity orbit satellite'
).split(' ');
const pick = () => WORDS[Math.floor(Math.random() * WORDS.length)]!;
const sentence = (n: number) => Array.from({ length: n }, pick).join(' ');

await recreate(true);
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  JWT_SECRET: randomBytes(32).toString('hex'),
  DATABASE_URL: benchUrl,
  LOG_LEVEL: 'warn',
});
const database = await openDatabase(config);
await migrate(database);
const { db } = database;
const [exam] = await db.insert(exams).values({ name: 'Bench', slug: 'bench' }).returning();
const [module] = await db
  .insert(modules)
  .values({
    examId: exam!.id,
    name: 'Bench paper',
    slug: 'bench-paper',
    durationMinutes: 180,
    questionCount: 75,
  })
  .returning();
const [subject] = await db
  .insert(subjects)
  .values({
    moduleId: module!.id,
    name: 'Physics',
    slug: 'bench-physics',
    durationMinutes: 60,
    questionCount: 25,
  })
  .returning();
const topicRows = await db
  .insert(topics)
  .values(
    Array.from({ length: 20 }, (_, i) => ({
      subjectId: subject!.id,
      name: `Topic ${i}`,
      slug: `bench-topic-${i}`,
    })),
  )
  .returning();

const started = performance.now();
for (let from = 0; from < count; from += 1000) {
  const rows = Array.from({ length: Math.min(1000, count - from) }, (_, k) => {
    const i = from + k;
    const text = `${i % 100 === 0 ? "By Kirchhoff's loop rule, " : ''}${sentence(30)} (${i})`;
    const options = [sentence(4), sentence(4), sentence(4), sentence(4)];
    return {
      subjectId: subject!.id,
      topicId: topicRows[i % topicRows.length]!.id,
      text,
      textHash: createHash('sha256').update(text).digest('hex'),
      options,
      type: 'single' as const,
      key: { type: 'single' as const, answer: options[0]! },
      answer: options[0]!,
      explanation: sentence(60),
    };
  });
  await db.insert(questions).values(rows);
}
console.log(
  `\n# bank search — ${database.kind}, ${count} questions written in ${round((performance.now() - started) / 1000)} s`,
);

const searches: [string, Record<string, string>][] = [
  ['a rare word (1 in 100)', { search: 'Kirchhoff' }],
  ['the start of a rare word', { search: 'kirch' }],
  ['two common words', { search: 'magnetic flux' }],
  ['a common word in one topic', { search: 'lens', topicSlug: 'bench-topic-3' }],
  ['a rare word, hardest first', { search: 'Kirchhoff', sort: 'difficulty', order: 'asc' }],
];
for (const [label, query] of searches) {
  const parsed = bankQuery.parse(query);
  const ms: number[] = [];
  let total = 0;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    total = (await bankRepository.page(db, parsed)).total;
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  console.log(`  ${label}: found ${total}; median ${round(pct(ms, 50))} ms, p95 ${round(pct(ms, 95))} ms`);
}

await database.close();
if (!process.env.BENCH_KEEP) await recreate(false);
