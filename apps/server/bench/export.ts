/**
 * The export's time for a heavy learner (docs/decisions/0023-learners-data-and-backups.md): 67 completed
 * 75-question mock tests, 5,025 answers, written straight to the database; then GET
 * /api/v1/users/me/export through the app, timed from the request to the last byte, five times.
 *
 *   node --import tsx apps/server/bench/export.ts            (in-memory PGlite)
 *   BENCH_DATABASE_URL=postgres://… node --import tsx apps/server/bench/export.ts
 *
 * Prints the times; asserts nothing (the target is under 2 s).
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/build-app.js';
import { loadConfig } from '../src/config.js';
import { createPool, fromPool, openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { answerSheets, assessments, exams, modules, questions, subjects, users } from '../src/db/schema.js';

const SESSIONS = 67;
const QUESTIONS = 75;
const url = process.env.BENCH_DATABASE_URL;

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: 'memory://',
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
});
let database;
if (url) {
  const schema = `bench_export_${Date.now()}`;
  const admin = createPool(url, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  database = fromPool(createPool(url, { max: 10, options: `-c search_path=${schema}` }));
} else {
  database = await openDatabase(config);
}
await migrate(database);
const { db } = database;

const [exam] = await db
  .insert(exams)
  .values({ name: 'JEE', slug: `jee-${randomUUID()}` })
  .returning();
const [mod] = await db
  .insert(modules)
  .values({
    examId: exam!.id,
    name: 'Mock',
    slug: `mock-${randomUUID()}`,
    durationMinutes: 180,
    questionCount: QUESTIONS,
  })
  .returning();
const [subject] = await db
  .insert(subjects)
  .values({
    moduleId: mod!.id,
    name: 'Physics',
    slug: `phy-${randomUUID()}`,
    durationMinutes: 60,
    questionCount: QUESTIONS,
  })
  .returning();
const options = ['first option', 'second option', 'third option', 'fourth option'];
const questionIds = (
  await db
    .insert(questions)
    .values(
      Array.from({ length: QUESTIONS }, (_, i) => ({
        subjectId: subject!.id,
        text: `Question ${i + 1}: a stem of about the length a real one has, with a formula $x^2 + y^2 = r^2$.`,
        textHash: randomUUID(),
        options,
        key: { type: 'single' as const, answer: 'first option' },
        answer: 'first option',
      })),
    )
    .returning({ id: questions.id })
).map((q) => q.id);
const [learner] = await db
  .insert(users)
  .values({
    name: 'Heavy Learner',
    email: `heavy-${randomUUID()}@example.test`,
    verified: true,
    usedInviteCode: 'X',
  })
  .returning();

const start = Date.now() - SESSIONS * 86_400_000;
for (let s = 0; s < SESSIONS; s++) {
  const at = new Date(start + s * 86_400_000);
  const [session] = await db
    .insert(assessments)
    .values({
      slug: randomUUID(),
      userId: learner!.id,
      quizType: 'module',
      examId: exam!.id,
      moduleId: mod!.id,
      sessionName: `Mock ${s + 1}`,
      totalQuestions: QUESTIONS,
      totalMarks: QUESTIONS * 4,
      totalTime: 180,
      startTime: at,
      deadline: new Date(at.getTime() + 180 * 60_000),
      endTime: new Date(at.getTime() + 170 * 60_000),
      completedAt: new Date(at.getTime() + 170 * 60_000),
      score: 150,
      sessionCompleted: true,
      scopeKey: `bench:${s}`,
      questionIds,
      scores: questionIds.map((_, i) => (i % 3 === 0 ? -1 : 4)),
      createdAt: at,
    })
    .returning({ id: assessments.id });
  await db.insert(answerSheets).values({
    assessmentId: session!.id,
    userId: learner!.id,
    deadline: new Date(at.getTime() + 180 * 60_000),
    totalTime: 180,
    completed: true,
    questionTypes: questionIds.map(() => 'single' as const),
    options: questionIds.map(() => options),
    answers: questionIds.map((_, i) => JSON.stringify(options[i % 4])),
    marked: questionIds.map(() => false),
    timeSpent: questionIds.map((_, i) => 60 + i),
  });
}

const app = await buildApp({ config, database });
const token = await app.accessTokens.sign({ userId: learner!.id, verified: true, inviteUsed: true });
console.log(`export of ${SESSIONS * QUESTIONS} answers in ${SESSIONS} sessions (${database.kind})`);
for (let run = 1; run <= 5; run++) {
  const began = performance.now();
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/users/me/export',
    headers: { authorization: `Bearer ${token}` },
  });
  const took = performance.now() - began;
  const answers = (JSON.parse(res.body) as { summary: { answers: number } }).summary.answers;
  console.log(
    `run ${run}: ${res.statusCode}, ${(res.rawPayload.length / 1024 / 1024).toFixed(1)} MB, ${answers} answers, ${took.toFixed(0)} ms`,
  );
}
await app.close();
await database.close();
