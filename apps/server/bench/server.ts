/**
 * The benchmark's server process (forked by bench/index.ts). It runs the BUILT app (dist/bench-app.js)
 * and, on a second port, a bare Fastify instance whose one route does a single-row UPDATE in the same
 * database (the floor). The orchestrator talks to it over IPC: seed the catalogue and learners, run SQL.
 * PGlite allows one process per data directory, so every query of the run goes through this process.
 */
import Fastify from 'fastify';
import { insertCatalogue, optionQuestions } from '../test/helpers/catalogue.js';
import { FLOOR_ROWS, FLOOR_SQL } from './floor.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const dist = new URL('../dist/bench-app.js', import.meta.url).href;
const { buildApp, loadConfig, createPasswordHasher, openDatabase, migrate, dueQuestionIds, recordAnswers } =
  (await import(dist)) as Any;

const config = loadConfig(process.env);
// Opened and migrated before the app is built, as server.ts does: never against the plugin timeout.
const database = await openDatabase(config);
await migrate(database);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1', backlog: config.listenBacklog });
const appPort = (app.server.address() as { port: number }).port;

const query = app.database.query as (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
await query(
  'CREATE TABLE IF NOT EXISTS bench_floor (id int PRIMARY KEY, n bigint NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now())',
);
await query(
  'INSERT INTO bench_floor (id) SELECT g FROM generate_series(1, $1::int) g ON CONFLICT DO NOTHING',
  [FLOOR_ROWS],
);

const floor = Fastify({ logger: false });
floor.post('/floor', async () => {
  const id = 1 + Math.floor(Math.random() * FLOOR_ROWS);
  await query(FLOOR_SQL, [id]);
  return { ok: true };
});
await floor.listen({ port: 0, host: '127.0.0.1' });
const floorPort = (floor.server.address() as { port: number }).port;

async function seed(learners: number, examMinutes: number) {
  const makeCatalogue = (minutes: number, name: string) =>
    insertCatalogue(app.db, {
      examName: name,
      module: { name: `${name} mock`, questionCount: 75, durationMinutes: minutes },
      subjects: ['Physics', 'Chemistry', 'Maths'].map((s) => ({
        name: s,
        questionCount: 25,
        topics: [{ name: `${s} A` }, { name: `${s} B` }],
        questions: [...optionQuestions(`${name} ${s} A`, 30, 0), ...optionQuestions(`${name} ${s} B`, 30, 1)],
      })),
    });
  const long = await makeCatalogue(180, 'Bench');
  const examDay = await makeCatalogue(examMinutes, 'ExamDay');
  const tag = Math.random().toString(36).slice(2, 8);
  const rows = await query(
    `INSERT INTO users (name, email, verified, used_invite_code)
     SELECT 'Bench ' || g, 'bench-${tag}-' || g || '@example.test', true, 'BENCH'
     FROM generate_series(1, $1::int) g RETURNING id`,
    [learners],
  );
  const tokens: string[] = [];
  for (const r of rows) {
    tokens.push(await app.accessTokens.sign({ userId: String(r.id), verified: true, inviteUsed: true }));
  }
  const ref = (c: Any) => ({ examSlug: c.exam.slug, moduleSlug: c.module.slug, moduleId: c.module.id });
  return { long: ref(long), examDay: ref(examDay), tokens, userIds: rows.map((r) => String(r.id)) };
}

/**
 * Starting a review session, in this process so that IPC is not timed: the due questions, their types
 * and options (the draw), and the session's one-row INSERT as create-session writes it. Each session
 * is deleted after its timing, so every run sees the same queue.
 */
async function reviewStart(userId: string, examId: string, moduleId: string, runs: number) {
  const due: number[] = [];
  const total: number[] = [];
  let drawn = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const ids = (await dueQuestionIds(app.db, userId, examId, 20)) as string[];
    due.push(performance.now() - t0);
    const questions = await query('SELECT id, type, options FROM questions WHERE id = ANY($1::uuid[])', [
      `{${ids.join(',')}}`,
    ]);
    const rows = await query(
      `WITH session AS (
         INSERT INTO assessments (slug, user_id, quiz_type, scope_key, exam_id, module_id, session_name,
           total_questions, total_marks, total_time, start_time, deadline, question_ids)
         VALUES ($1, $2::uuid, 'module', $3, $4::uuid, $5::uuid, 'Review', $6::int, $6::int * 4, 0, now(),
           now() + interval '1 year', $7::uuid[])
         RETURNING id, user_id, deadline, total_time)
       INSERT INTO answer_sheets (assessment_id, user_id, deadline, total_time, question_types, options, answers,
         marked, time_spent)
       SELECT id, user_id, deadline, total_time, $8::text[], $9::jsonb, array_fill(NULL::text, ARRAY[$6::int]),
         array_fill(false, ARRAY[$6::int]), array_fill(0, ARRAY[$6::int])
       FROM session
       RETURNING assessment_id AS id`,
      [
        `review-bench-${i}-${Math.random()}`,
        userId,
        `review-bench-${i}`,
        examId,
        moduleId,
        questions.length,
        `{${questions.map((q) => q.id).join(',')}}`,
        `{${questions.map((q) => q.type).join(',')}}`,
        JSON.stringify(questions.map((q) => q.options)),
      ],
    );
    total.push(performance.now() - t0);
    drawn = ids.length;
    await query('DELETE FROM assessments WHERE id = $1', [rows[0]!.id]);
  }
  return { due, total, drawn };
}

/**
 * What completion adds for the tutor loop to one sweep batch: recordAnswers for 50 sessions of the
 * exam-day paper (75 questions; a third wrong, a fifth blank), in a transaction rolled back after the
 * timing so every run starts from the same tables.
 */
async function recordBatch(moduleId: string, userIds: string[], runs: number) {
  const paper = await query(
    `SELECT q.id, q.subject_id, q.topic_id, m.exam_id FROM questions q JOIN subjects s ON s.id = q.subject_id
     JOIN modules m ON m.id = s.module_id WHERE m.id = $1::uuid ORDER BY q.id LIMIT 75`,
    [moduleId],
  );
  const ms: number[] = [];
  for (let run = 0; run < runs; run++) {
    const at = new Date();
    const entries = userIds.slice(0, 50).flatMap((userId, s) =>
      paper.map((q, position) => {
        const roll = (s * 75 + position + run) % 15;
        const outcome = roll < 5 ? 'incorrect' : roll < 8 ? 'unattempted' : 'correct';
        return {
          userId,
          questionId: q.id,
          assessmentId: crypto.randomUUID(),
          position,
          examId: q.exam_id,
          subjectId: q.subject_id,
          topicId: q.topic_id,
          sessionKind: 'timed',
          outcome,
          score: outcome === 'correct' ? 4 : outcome === 'incorrect' ? -1 : null,
          maxScore: 4,
          confidence: null,
          timeSpent: 40,
          answer: outcome === 'unattempted' ? null : 'x',
          answeredAt: at,
        };
      }),
    );
    await app.db
      .transaction(async (tx: Any) => {
        const t0 = performance.now();
        await recordAnswers(tx, entries);
        ms.push(performance.now() - t0);
        throw new Error('rollback');
      })
      .catch(() => undefined);
  }
  return ms;
}

process.on('message', (msg: Any) => {
  const reply = (body: Any) => process.send!({ id: msg.id, ...body });
  const work = async () => {
    if (msg.type === 'seed') return seed(msg.learners, msg.examMinutes);
    if (msg.type === 'sql') return query(msg.text, msg.params);
    if (msg.type === 'record-batch') return recordBatch(msg.moduleId, msg.userIds, msg.runs);
    if (msg.type === 'review-start') return reviewStart(msg.userId, msg.examId, msg.moduleId, msg.runs);
    if (msg.type === 'passwords') {
      // Seeded learners get a password hashed at this server's cost (ARGON2_*, production: OWASP's).
      const hash = await createPasswordHasher(config.passwordHashing.argon2).hash(msg.password);
      const rows = await query(
        `UPDATE users SET password_hash = $1 WHERE id IN
           (SELECT id FROM users WHERE email LIKE 'bench-%' AND password_hash IS NULL ORDER BY email LIMIT $2)
         RETURNING email`,
        [hash, msg.count],
      );
      return rows.map((r) => String(r.email));
    }
    if (msg.type === 'close') {
      await floor.close();
      await app.close();
      await database.close();
      setImmediate(() => process.exit(0));
      return null;
    }
    throw new Error(`unknown message ${msg.type}`);
  };
  work().then(
    (result) => reply({ result }),
    (error: Error) => reply({ error: error.message }),
  );
});
process.send!({ type: 'ready', appPort, floorPort, kind: app.database.kind });
