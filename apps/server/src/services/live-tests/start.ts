import { randomBytes } from 'node:crypto';
import { liveTestMessages, type QuestionType, type SessionData } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { PaperSubject } from '../../db/schema.js';
import { notFound, conflict, notYet } from '../../lib/errors.js';
import { completeAssessment } from '../quiz/complete.js';
import type { QuizHooks } from '../quiz/hooks.js';
import { shuffle } from '../quiz/selection.js';
import { minutesWithExtraTimeSql } from '../quiz/extra-time.js';
import { newSessionId } from '../quiz/session-ids.js';
import { sessionData } from '../quiz/session.js';
import { findOwnAssessment } from '../quiz/views.js';

/**
 * Starting a live test (docs/product.md#live-test-rules): only inside its window, one attempt per learner. The paper is
 * the test's; each taker gets its questions shuffled within each subject (subjects keep the paper's
 * order) and each question's options shuffled. The deadline is the earlier of start + duration (with
 * the learner's extra time) and the close. Two starts at once make one session: the unique index on
 * (test, learner) lets one insert in, and the other answers that session like a resume. A test for
 * batches is started only by their members (404 for anyone else); a learner with a window re-opened
 * for them starts in it and their deadline is never after its close.
 */

/** The learner's close (`uid`): the test's, or their re-opened window's when later. */
const myClose = (uid: string) => sql`greatest(t.closes_at,
  (SELECT ro.closes_at FROM live_test_reopens ro WHERE ro.test_id = t.id AND ro.user_id = ${uid}::uuid))`;

interface TestRow {
  id: string;
  name: string;
  exam_id: string;
  module_id: string;
  cancelled: boolean;
  /** For every learner, or this learner is a member of one of its batches. */
  visible: boolean;
  before_open: boolean;
  after_close: boolean;
  opens_ms: number;
  paper_json: string;
  shuffle_options: boolean;
  /** The learner's session of this test, if any. */
  mine_json: string | null;
}
interface Mine {
  slug: string;
  id: string;
  completed: boolean;
  over: boolean;
}

async function loadTest(db: Db, testId: string, userId: string): Promise<TestRow | undefined> {
  const result = await db.execute(sql`
    SELECT t.id, t.name, t.exam_id, t.module_id, t.cancelled_at IS NOT NULL AS cancelled,
      now() < t.opens_at AS before_open, now() >= ${myClose(userId)} AS after_close,
      (NOT EXISTS (SELECT 1 FROM scheduled_test_batches tb WHERE tb.test_id = t.id)
        OR EXISTS (SELECT 1 FROM scheduled_test_batches tb JOIN batch_members bm ON bm.batch_id = tb.batch_id
          WHERE tb.test_id = t.id AND bm.user_id = ${userId}::uuid)) AS visible,
      (extract(epoch from t.opens_at) * 1000)::float8 AS opens_ms, t.paper::text AS paper_json,
      (SELECT e.shuffle_options FROM exams e WHERE e.id = t.exam_id) AS shuffle_options,
      (SELECT json_build_object('id', a.id, 'slug', a.slug, 'completed', a.session_completed,
          'over', a.deadline <= now())::text
        FROM assessments a WHERE a.scheduled_test_id = t.id AND a.user_id = ${userId}::uuid) AS mine_json
    FROM scheduled_tests t WHERE t.id = ${testId}::uuid`);
  return result.rows[0] as unknown as TestRow | undefined;
}

export interface StartedLiveTest extends SessionData {
  resumed: boolean;
}

export async function startLiveTest(
  db: Db,
  hooks: QuizHooks,
  userId: string,
  testId: string,
  /** The language picked on the instructions screen (docs/languages.md); one the exam lacks is dropped. */
  language: string | null = null,
): Promise<StartedLiveTest> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const test = await loadTest(db, testId, userId);
    if (!test || test.cancelled) throw notFound(liveTestMessages.notFound);
    const mine = test.mine_json === null ? null : (JSON.parse(test.mine_json) as Mine);
    if (!mine && !test.visible) throw notFound(liveTestMessages.notFound);
    if (mine) return resumeOrRefuse(db, hooks, userId, mine);
    if (test.before_open)
      throw notYet(
        liveTestMessages.notOpenYet(new Date(Number(test.opens_ms))),
        new Date(Number(test.opens_ms)),
      );
    if (test.after_close) throw conflict(liveTestMessages.closed);
    if (await insertLiveSession(db, userId, test, language)) {
      const created = await loadTest(db, testId, userId);
      const own = created?.mine_json ? (JSON.parse(created.mine_json) as Mine) : null;
      const row = own && (await findOwnAssessment(db, userId, own.slug));
      if (row) return { ...(await sessionData(db, row)), resumed: false };
    }
    // Nothing inserted: another start of this learner won, or the window closed (or the test was
    // cancelled) in between. The next look says which.
  }
  throw conflict(liveTestMessages.closed);
}

async function resumeOrRefuse(
  db: Db,
  hooks: QuizHooks,
  userId: string,
  mine: Mine,
): Promise<StartedLiveTest> {
  if (!mine.completed && !mine.over) {
    const row = await findOwnAssessment(db, userId, mine.slug);
    if (row && !row.sessionCompleted) return { ...(await sessionData(db, row)), resumed: true };
  }
  if (!mine.completed) await completeAssessment(db, hooks, mine.id);
  throw conflict(liveTestMessages.alreadyTaken);
}

interface PaperQuestion {
  id: string;
  /** The version this taker is given (docs/decisions/0028-question-versions.md). */
  version: number;
  type: QuestionType;
  options_json: string;
}

/**
 * Writes this taker's session of the paper; false when nothing was written (an attempt exists, or the
 * window is no longer open by the database's clock, checked in the same statement).
 */
async function insertLiveSession(
  db: Db,
  userId: string,
  test: TestRow,
  language: string | null,
): Promise<boolean> {
  const paper = JSON.parse(test.paper_json) as PaperSubject[];
  const ids = paper.flatMap((p) => p.questionIds);
  const result = await db.execute(sql`
    SELECT id, version, type, options::text AS options_json FROM questions
    WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const byId = new Map((result.rows as unknown as PaperQuestion[]).map((q) => [q.id, q]));
  // Subjects in the paper's order; within each, this taker's own order.
  const order = paper.flatMap((p) => shuffle(p.questionIds)).filter((id) => byId.has(id));
  const questions = order.map((id) => byId.get(id)!);
  // Options shuffled per taker unless the exam keeps the paper's order.
  const options = questions.map((q) => {
    const bank = JSON.parse(q.options_json) as string[];
    return test.shuffle_options === false ? bank : shuffle(bank);
  });
  const n = questions.length;
  // The learner's extra time too, but never past the close (the deadline's least below).
  const minutes = sql.raw(minutesWithExtraTimeSql('t.duration_minutes', 'me.id'));
  // The session and its answer sheet in one statement, as create-session.ts writes them.
  const inserted = await db.execute(sql`
    WITH session AS (
      INSERT INTO assessments (id, slug, user_id, quiz_type, scope_key, exam_id, module_id, session_name,
        total_questions, total_marks, total_time, start_time, deadline, marking_scheme, scheduled_test_id,
        question_ids, question_versions, language)
      SELECT ${newSessionId()}::uuid, ${randomBytes(9).toString('base64url')}, ${userId}::uuid, 'module',
        'live:' || t.id, t.exam_id, t.module_id, t.name, ${n}::int, t.total_marks, ${minutes},
        now(), least(now() + make_interval(mins => ${minutes}), ${myClose(userId)}), t.marking_scheme, t.id,
        ${`{${order.join(',')}}`}::uuid[], ${`{${questions.map((q) => q.version).join(',')}}`}::int[],
        (SELECT ${language}::text FROM exams e WHERE e.id = t.exam_id AND ${language}::text = ANY(e.languages))
      FROM scheduled_tests t CROSS JOIN (SELECT ${userId}::uuid AS id) me
      WHERE t.id = ${test.id}::uuid AND t.cancelled_at IS NULL AND now() >= t.opens_at AND now() < ${myClose(userId)}
      ON CONFLICT DO NOTHING
      RETURNING id, user_id, deadline, total_time
    )
    INSERT INTO answer_sheets (assessment_id, user_id, deadline, total_time, question_types, options, answers,
      marked, time_spent)
    SELECT id, user_id, deadline, total_time, ${`{${questions.map((q) => q.type).join(',')}}`}::text[],
      ${JSON.stringify(options)}::jsonb, array_fill(NULL::text, ARRAY[${n}::int]),
      array_fill(false, ARRAY[${n}::int]), array_fill(0, ARRAY[${n}::int])
    FROM session
    RETURNING assessment_id`);
  return inserted.rows.length > 0;
}
