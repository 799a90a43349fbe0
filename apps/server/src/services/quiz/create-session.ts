import { randomBytes } from 'node:crypto';
import { quizMessages, SCORE_CORRECT, type CreateAssessmentBody, type SessionData } from '@ai-tutor/contract';
import type { Db } from '../../db/client.js';
import { queryPrepared, type PreparedStatement } from '../../db/prepared.js';
import { conflict } from '../../lib/errors.js';
import { resolveScope } from './scope.js';
import { selectQuestions, shuffle } from './selection.js';
import { toAssessment, toEvaluation, type AssessmentRow } from './views.js';

/** 72 random bits, URL-safe: slugs appear in result links and must not be guessable or enumerable. */
const newSlug = () => randomBytes(9).toString('base64url');

/**
 * The session and all its evaluations in one statement, so in one transaction and one round trip:
 * $1 slug, $2 user, $3 quiz type, $4 exam, $5 module, $6 subject, $7 topic (NULL for none), $8 name,
 * $9 questions, $10 marks, $11 minutes, $12 the evaluations as JSON [{q: question id, o: options}, …]
 * in position order. The clock is the database's: startTime is now(), the deadline now() + totalTime.
 * It returns what the response needs that only the database knows (ids and times, as epoch ms, which
 * reach JS as numbers on both drivers).
 */
const CREATE: PreparedStatement = {
  name: 'quiz_create_session_v1',
  text: `
    WITH a AS (
      INSERT INTO assessments (slug, user_id, quiz_type, exam_id, module_id, subject_id, topic_id,
        session_name, total_questions, total_marks, total_time, start_time, deadline)
      VALUES ($1::text, $2::uuid, $3::text, $4::uuid, $5::uuid, $6::uuid, $7::uuid, $8::text, $9::int,
        $10::int, $11::int, now(), now() + make_interval(mins => $11::int))
      RETURNING id, start_time, deadline, created_at
    ), e AS (
      INSERT INTO evaluations (assessment_id, question_id, position, options)
      SELECT a.id, (item->>'q')::uuid, (n - 1)::int, item->'o'
      FROM a, jsonb_array_elements($12::jsonb) WITH ORDINALITY AS items(item, n)
      RETURNING id, position
    )
    SELECT a.id,
      (extract(epoch from a.start_time) * 1000)::float8 AS start_ms,
      (extract(epoch from a.deadline) * 1000)::float8 AS deadline_ms,
      (extract(epoch from a.created_at) * 1000)::float8 AS created_ms,
      (extract(epoch from clock_timestamp()) * 1000)::float8 AS server_ms,
      (SELECT json_agg(e.id ORDER BY e.position) FROM e)::text AS evaluation_ids_json
    FROM a`,
};

interface CreatedRow {
  id: string;
  start_ms: number;
  deadline_ms: number;
  created_ms: number;
  server_ms: number;
  evaluation_ids_json: string;
}

/**
 * Creates a session and its evaluations. Three round trips: the catalogue path, the question draw, and
 * the one insert statement, whose response is built from what those returned rather than read back: a
 * new session has no answers, no marks and no score yet.
 */
export async function createSession(
  db: Db,
  userId: string,
  body: CreateAssessmentBody,
): Promise<SessionData> {
  const scope = await resolveScope(db, body, new Date());
  const picked = await selectQuestions(db, userId, scope);
  if (picked.length === 0) {
    const what = scope.topic ?? scope.subject ?? scope.module;
    throw conflict(quizMessages.noQuestions(what.name));
  }
  // The option order is drawn once and stored: reloading the session shows the same order.
  const items = picked.map((q) => ({ q: q.id, o: shuffle(q.options) }));
  const slug = newSlug();
  const [created] = (await queryPrepared(db, CREATE, [
    slug,
    userId,
    scope.quizType,
    scope.exam.id,
    scope.module.id,
    scope.subject?.id ?? null,
    scope.topic?.id ?? null,
    scope.sessionName,
    picked.length,
    SCORE_CORRECT * picked.length,
    scope.totalTime,
    JSON.stringify(items),
  ])) as unknown as CreatedRow[];
  if (!created) throw new Error('assessment not created');
  const evaluationIds = JSON.parse(created.evaluation_ids_json) as string[];
  if (evaluationIds.length !== picked.length) throw new Error('evaluations not created');

  // Shaped by the same mappers as a session read back (views.ts): one place says what leaves the server.
  const subjectNames = new Map(scope.subjects.map((s) => [s.id, s.name]));
  const row: AssessmentRow = {
    id: created.id,
    slug,
    userId,
    quizType: scope.quizType,
    sessionName: scope.sessionName,
    score: null,
    totalMarks: SCORE_CORRECT * picked.length,
    totalTime: scope.totalTime,
    startTime: new Date(Number(created.start_ms)),
    endTime: null,
    deadline: new Date(Number(created.deadline_ms)),
    createdAt: new Date(Number(created.created_ms)),
    sessionCompleted: false,
    answeredQuestion: 0,
    totalQuestions: picked.length,
    examName: scope.exam.name,
    examSlug: scope.exam.slug,
    moduleId: scope.module.id,
    moduleName: scope.module.name,
    moduleSlug: scope.module.slug,
    subjectId: scope.subject?.id ?? null,
    subjectName: scope.subject?.name ?? null,
    subjectSlug: scope.subject?.slug ?? null,
    topicId: scope.topic?.id ?? null,
    topicName: scope.topic?.name ?? null,
    topicSlug: scope.topic?.slug ?? null,
    serverTimeMs: Number(created.server_ms),
    expired: false,
  };
  return {
    assessment: toAssessment(row),
    evaluation: picked.map((q, position) =>
      toEvaluation({
        id: evaluationIds[position]!,
        options: items[position]!.o,
        userAnswer: null,
        status: 'not_answered',
        markedForReview: false,
        questionText: q.text,
        subjectId: q.subjectId,
        subjectName: subjectNames.get(q.subjectId) ?? '',
      }),
    ),
  };
}
