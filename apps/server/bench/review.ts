/**
 * The review phase (docs/product.md#review-queue): a learner with 5,000 answered questions (question_attempts,
 * review_cards and question_stats seeded straight in SQL: ~1,600 cards, ~400 due now), then
 * - GET /v1/review/summary over HTTP, sequential, timed here;
 * - what starting a review session costs on the server: dueQuestionIds (due now, interleaved by
 *   topic, 20) plus the draw's question read and the one-row INSERT of the session, timed in the server
 *   process (bench/server.ts, message `review-start`), and the whole creation over HTTP
 *   (POST /v1/assessment with quizType 'review', each start afresh submitting the one before).
 * Goal: p95 under 50 ms on PostgreSQL. Also what completion adds to a sweep batch of 50 exam-day
 * sessions (recordAnswers, rolled back after timing).
 */
import type { Bench } from './context.js';
import { describe } from './figures.js';
import { log } from './options.js';

const ANSWERED = 5_000;
const RUNS = 200;

async function seedHistory(bench: Bench, userId: string): Promise<string> {
  const { server, seeded } = bench;
  const topics = await server.sqlRows(
    `SELECT e.id AS exam_id, t.id AS topic_id, t.subject_id FROM exams e
     JOIN modules m ON m.exam_id = e.id JOIN subjects s ON s.module_id = m.id
     JOIN topics t ON t.subject_id = s.id WHERE e.slug = $1 ORDER BY t.id`,
    [seeded.long.examSlug],
  );
  const examId = String(topics[0]!.exam_id);
  const topicIds = `{${topics.map((t) => t.topic_id).join(',')}}`;
  const subjectIds = `{${topics.map((t) => t.subject_id).join(',')}}`;
  const n = topics.length;
  const tag = Math.random().toString(36).slice(2, 8);
  await server.sqlRows(
    `INSERT INTO questions (subject_id, topic_id, text, text_hash, options, type, key, answer)
     SELECT ($2::uuid[])[1 + g % $3::int], ($1::uuid[])[1 + g % $3::int], 'Review bench question ' || g,
       md5($4 || g), '["a","b","c","d"]'::jsonb, 'single', '{"type":"single","answer":"a"}'::jsonb, 'a'
     FROM generate_series(1, ${ANSWERED}) g`,
    [topicIds, subjectIds, n, tag],
  );
  // The seeded questions, numbered: `tagParam` is the statement's parameter holding the tag.
  const mine = (
    tagParam = '$2',
  ) => `SELECT q.id, q.subject_id, q.topic_id, row_number() OVER (ORDER BY q.id) AS g
    FROM questions q WHERE q.text_hash IN (SELECT md5(${tagParam} || g) FROM generate_series(1, ${ANSWERED}) g)`;
  await server.sqlRows(
    `INSERT INTO question_attempts (user_id, question_id, assessment_id, position, exam_id, subject_id, topic_id,
       session_kind, outcome, score, max_score, time_spent, answered_at)
     SELECT $1::uuid, q.id, gen_random_uuid(), 0, $3::uuid, q.subject_id, q.topic_id, 'timed',
       CASE WHEN q.g % 5 = 0 THEN 'incorrect' WHEN q.g % 7 = 0 THEN 'unattempted' ELSE 'correct' END,
       CASE WHEN q.g % 5 = 0 THEN -1 WHEN q.g % 7 = 0 THEN NULL ELSE 4 END, 4, 40,
       now() - make_interval(days => (q.g % 60)::int)
     FROM (${mine()}) q`,
    [userId, tag, examId],
  );
  await server.sqlRows(
    `INSERT INTO review_cards (user_id, question_id, due, stability, difficulty, elapsed_days, scheduled_days,
       learning_steps, reps, lapses, state, last_review, last_outcome, last_answer, last_answered_at, exam_id,
       subject_id, topic_id)
     SELECT $1::uuid, q.id, now() + make_interval(days => (q.g % 40)::int - 10), 5, 6, 3, 10, 0, 2, 1, 2,
       now() - make_interval(days => (q.g % 60)::int), CASE WHEN q.g % 5 = 0 THEN 'incorrect' ELSE 'unattempted' END,
       '"b"'::jsonb, now() - make_interval(days => (q.g % 60)::int), $3::uuid, q.subject_id, q.topic_id
     FROM (${mine()}) q WHERE q.g % 5 = 0 OR q.g % 7 = 0`,
    [userId, tag, examId],
  );
  await server.sqlRows(
    `INSERT INTO question_stats (question_id, shard, answers, correct)
     SELECT q.id, 0, 50, (q.g % 50)::int FROM (${mine('$1')}) q ON CONFLICT DO NOTHING`,
    [tag],
  );
  for (const table of ['questions', 'question_attempts', 'review_cards', 'question_stats'])
    await server.sqlRows(`ANALYZE ${table}`);
  const [counts] = await server.sqlRows(
    `SELECT count(*)::int AS cards, count(*) FILTER (WHERE due <= now())::int AS due FROM review_cards WHERE user_id = $1`,
    [userId],
  );
  log(`review: seeded ${ANSWERED} answered questions, ${counts!.cards} cards, ${counts!.due} due now`);
  return examId;
}

export async function reviewFigures(bench: Bench): Promise<void> {
  const userId = bench.seeded.userIds.at(-1)!;
  const token = bench.seeded.tokens.at(-1)!;
  const examId = await seedHistory(bench, userId);

  const paths = [
    '/api/v1/review/summary',
    `/api/v1/review/summary?examSlug=${bench.seeded.long.examSlug}`,
    '/api/v1/mistakes',
    // Records and mastery per topic: the estimate reads the latest 200 answers of each topic.
    '/api/v1/user-records',
  ];
  for (const path of paths) {
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await bench.request('GET', path, token);
      ms.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`review: ${path} answered ${res.status}`);
    }
    log(`  ${describe(path.replace('/api/v1/', '').replace(/\?examSlug=.*/, '/exam'), ms)}`);
  }
  const start = (await bench.server.call({
    type: 'review-start',
    userId,
    examId,
    moduleId: bench.seeded.long.moduleId,
    runs: RUNS,
  })) as { due: number[]; total: number[]; drawn: number };
  log(`  ${describe('due', start.due)}  (dueQuestionIds, ${start.drawn} questions)`);
  log(`  ${describe('due+insert', start.total)}  (in the server process)`);
  // The review session's creation as the learner makes it (docs/product.md#review-queue): each start afresh submits
  // the previous review session first, as the web's "Start afresh" does. Its 20 questions, left
  // unanswered, are due again a minute later, so 20 starts stay within the ~500 due now.
  const created: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const res = await bench.request('POST', '/api/v1/assessment', token, {
      examSlug: bench.seeded.long.examSlug,
      quizType: 'review',
      type: 'practice',
      ...(i > 0 ? { startAfresh: true } : {}),
    });
    created.push(performance.now() - t0);
    if (res.status !== 201)
      throw new Error(`review: POST /api/v1/assessment (review) answered ${res.status}`);
  }
  log(`  ${describe('review start', created)}  (POST /api/v1/assessment, quizType review, over HTTP)`);
  const batch = (await bench.server.call({
    type: 'record-batch',
    moduleId: bench.seeded.examDay.moduleId,
    userIds: bench.seeded.userIds,
    runs: 20,
  })) as number[];
  log(`  ${describe('batch', batch)}  (recordAnswers for a sweep batch: 50 sessions × 75 answers)`);
}
