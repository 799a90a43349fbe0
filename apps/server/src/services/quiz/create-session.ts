import {
  currentScheme,
  fullMarks,
  quizMessages,
  type CreateAssessmentBody,
  type SessionData,
} from '@ai-tutor/contract';
import type { Db } from '../../db/client.js';
import { queryPrepared, type PreparedStatement } from '../../db/prepared.js';
import { conflict } from '../../lib/errors.js';
import { completeAssessment } from './complete.js';
import type { QuizHooks } from './hooks.js';
import { resolveScope, scopeKeyOf, type QuizScope, type RunningScopeAttempt } from './scope.js';
import { heldByRunningTest, selectQuestions, shuffle } from './selection.js';
import { minutesWithExtraTimeSql } from './extra-time.js';
import { newSessionId } from './session-ids.js';
import { sessionData, withSections } from './session.js';
import { findRunningAttempt, runningScopeAttempt, toAssessment } from './views.js';
import { toEvaluation } from './evaluation-views.js';
import { sessionLanguage, withTranslations } from './languages.js';
import { fromPool, newSessionRow, newSlug, type CreatedRow, type PrebuiltStart } from './new-session.js';
import { poolable } from './paper-pool.js';
import {
  createStartRegistry,
  type StartedSession,
  type StartRegistry,
  type StartRequest,
} from './start-registry.js';

export type { StartedSession } from './start-registry.js';

/**
 * A start is one statement (decisions 0010, 0013): the session's row, with its questions, and its
 * answer sheet, with the option orders and empty answers, as arrays by position. Six foreign keys are
 * checked, whatever the test's length.
 * $1 id, $2 slug, $3 user, $4 quiz type, $5 scope key, $6 exam, $7 module, $8 subject, $9 topic,
 * $10 name, $11 questions, $12 marks, $13 minutes, $14 scheme, $15 question ids (uuid[] literal),
 * $16 types (text[] literal), $17 options (JSON array of arrays), $18 mode, $19 timed, $20 the
 * questions' versions as drawn (int[] literal: docs/decisions/0028-question-versions.md). Practice and
 * review sessions also get their by-position checked, confidence and hints arrays (docs/product.md#practice-and-review-sessions).
 * The clock is the database's. A running attempt of the same scope (two tabs starting at once) makes
 * this insert nothing: the caller then answers that attempt.
 */
/** A timed session's minutes: the scope's plus the learner's extra time (./extra-time.ts). */
const MINUTES = `CASE WHEN $19::boolean THEN ${minutesWithExtraTimeSql('$13::int', '$3::uuid')} ELSE $13::int END`;

const CREATE: PreparedStatement = {
  name: 'quiz_create_session_v7',
  text: `
    WITH session AS (
      INSERT INTO assessments (id, slug, user_id, quiz_type, scope_key, exam_id, module_id, subject_id,
        topic_id, session_name, total_questions, total_marks, total_time, start_time, deadline,
        marking_scheme, question_ids, question_versions, mode, timed, confidence, hints_given, language)
      VALUES ($1::uuid, $2::text, $3::uuid, $4::text, $5::text, $6::uuid, $7::uuid, $8::uuid, $9::uuid,
        $10::text, $11::int, $12::int, ${MINUTES}, now(), now() + make_interval(mins => ${MINUTES}),
        $14::text, $15::uuid[], $20::int[], $18::text, $19::boolean,
        CASE WHEN $18::text <> 'timed' THEN array_fill(NULL::text, ARRAY[$11::int]) END,
        CASE WHEN $18::text <> 'timed' THEN array_fill(0, ARRAY[$11::int]) END, $21::text)
      ON CONFLICT (user_id, scope_key) WHERE session_completed = false DO NOTHING
      RETURNING id, user_id, deadline, total_time, start_time, created_at
    ), sheet AS (
      INSERT INTO answer_sheets (assessment_id, user_id, deadline, total_time, question_types, options,
        answers, marked, time_spent, checked)
      SELECT id, user_id, deadline, total_time, $16::text[], $17::jsonb, array_fill(NULL::text, ARRAY[$11::int]),
        array_fill(false, ARRAY[$11::int]), array_fill(0, ARRAY[$11::int]),
        CASE WHEN $18::text <> 'timed' THEN array_fill(false, ARRAY[$11::int]) END
      FROM session
    )
    SELECT (extract(epoch from start_time) * 1000)::float8 AS start_ms,
      (extract(epoch from deadline) * 1000)::float8 AS deadline_ms,
      (extract(epoch from created_at) * 1000)::float8 AS created_ms,
      (extract(epoch from clock_timestamp()) * 1000)::float8 AS server_ms, total_time
    FROM session`,
};

/** What a start answers with, in the pool's case without building objects for the serializer. */
export type StartAnswer = StartedSession | PrebuiltStart;

const NO_STRATEGIES = createStartRegistry();

/**
 * Starts a session, or answers the learner's running attempt of the same scope (docs/product.md#running-attempts) on any
 * device. `startAfresh` submits that attempt first. An attempt past its deadline is completed, then a
 * new one starts.
 *
 * `startAfresh` replaces only the attempt it names (`replaces`, the slug the learner was shown): if
 * another request of the same learner (a double click, two tabs) has replaced it already, the scope's
 * running attempt is that request's new one and is answered, so racing requests make one new attempt
 * on either store (decision 0015). A request without `replaces` (older clients) replaces an attempt
 * started before it came (`receivedAt`, the app's clock, against the attempt's start, the database's).
 */
export async function startSession(
  db: Db,
  hooks: QuizHooks,
  userId: string,
  body: CreateAssessmentBody,
  receivedAt = Date.now(),
  /** A review session's share of new cards (REVIEW_NEW_CARDS_PER_DAY; services/review/due.ts). */
  newCardsPerDay?: number,
  /** The areas' own starts, scopes and rules (start-registry.ts), registered by their plugins. */
  registry: StartRegistry = NO_STRATEGIES,
  /** Told of every start a drawn-ahead paper could serve (the pool's refill job keeps its module topped up). */
  onPoolable?: (scope: QuizScope) => void,
): Promise<StartAnswer> {
  const request: StartRequest = { db, hooks, userId, body, newCardsPerDay };
  const { own, scopes } = registry.strategies;
  // A live test has its own paper, window and one-attempt rule (docs/product.md#live-test-rules).
  for (const start of own) {
    const started = start(request);
    if (started) return started;
  }
  const now = new Date();
  let scope: QuizScope | null = null;
  for (const resolve of scopes) if (!scope) scope = await resolve(request, now);
  scope ??= await resolveScope(db, body, now, userId);
  const scopeKey = scopeKeyOf(scope);
  // The resolve query saw the running attempt (the common start has none: three round trips in all).
  let running: RunningScopeAttempt | null = scope.running;
  const named = body.replaces;
  const meant = (a: RunningScopeAttempt) => (named ? a.slug === named : a.createdMs < receivedAt);
  const replace = body.startAfresh && running && meant(running) ? running.id : null;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (running) {
      if (!running.over && running.id !== replace) {
        const row = await findRunningAttempt(db, userId, scopeKey);
        // A concurrent start afresh's new attempt is what this one asked for: new, not resumed.
        if (row?.id === running.id) return { ...(await sessionData(db, row)), resumed: !body.startAfresh };
      } else await completeAssessment(db, hooks, running.id);
    }
    const language = sessionLanguage(scope, body.language);
    // A drawn-ahead paper when one fits (decision 0029); undefined: none did, so draw afresh.
    let created: StartAnswer | null | undefined;
    if (onPoolable && poolable(scope)) {
      onPoolable(scope);
      created = await fromPool(db, registry, userId, scope, scopeKey, language);
    }
    if (created === undefined) {
      const drawn = await insertSession(db, registry, userId, scope, scopeKey, language);
      created = drawn && { ...drawn, resumed: false };
    }
    if (created) return created;
    // Another request of this learner started the scope at the same moment: answer that one.
    const row = await findRunningAttempt(db, userId, scopeKey);
    running = row ? runningScopeAttempt(row) : null;
  }
  throw conflict(quizMessages.startFailed);
}

/**
 * Draws the questions and writes the session; its response is built from what the draw and the insert
 * returned rather than read back (a new session has no answers yet). null: the scope was taken.
 */
async function insertSession(
  db: Db,
  registry: StartRegistry,
  userId: string,
  scope: QuizScope,
  scopeKey: string,
  language: string | null,
): Promise<SessionData | null> {
  const picked = scope.draw ? await scope.draw() : await selectQuestions(db, userId, scope);
  if (picked.length === 0) {
    const what = scope.topic ?? scope.subject ?? scope.module ?? scope.exam;
    // Emptied by a live paper (decision 0014, registered by live tests) or the learner's running test: say so.
    if (!scope.draw) {
      for (const reason of registry.strategies.emptyDraw) await reason(db, userId, scope, what.name);
      const subjectIds = scope.subjects.map((s) => s.id);
      if (await heldByRunningTest(db, userId, subjectIds, scope.topic?.id ?? null))
        throw conflict(quizMessages.scopeInRunningTest(what.name));
    }
    throw conflict(quizMessages.noQuestions(what.name));
  }
  const scheme = currentScheme(scope.markingScheme);
  const totalMarks = picked.reduce((sum, q) => sum + fullMarks(scheme, q.type), 0);
  // The option order is drawn once and stored: every device shows the same order. An exam that keeps
  // the paper's order (as NTA's papers do) shows its options as the bank holds them.
  const keep = scope.exam.shuffleOptions === false;
  const options = picked.map((q) => (keep ? [...q.options] : shuffle(q.options)));
  const id = newSessionId();
  const slug = newSlug();
  const [created] = (await queryPrepared(db, CREATE, [
    id,
    slug,
    userId,
    scope.quizType,
    scopeKey,
    scope.exam.id,
    scope.module?.id ?? null,
    scope.subject?.id ?? null,
    scope.topic?.id ?? null,
    scope.sessionName,
    picked.length,
    totalMarks,
    scope.totalTime,
    scheme.id,
    `{${picked.map((q) => q.id).join(',')}}`,
    `{${picked.map((q) => q.type).join(',')}}`,
    JSON.stringify(options),
    scope.mode,
    scope.timed,
    `{${picked.map((q) => q.version).join(',')}}`,
    language,
  ])) as unknown as CreatedRow[];
  if (!created) return null;

  // Shaped by the same mappers as a session read back: one place says what leaves the server.
  const subjectNames = new Map(scope.subjects.map((s) => [s.id, s.name]));
  const row = newSessionRow(
    { id, slug, userId, language },
    scope,
    { totalMarks, totalQuestions: picked.length },
    created,
  );
  const assessment = toAssessment(row);
  const evaluation = picked.map((q, position) =>
    toEvaluation(id, {
      position,
      questionId: q.id,
      questionText: q.text,
      questionType: q.type,
      passage: q.passage,
      subjectId: q.subjectId,
      subjectName: q.subjectName ?? subjectNames.get(q.subjectId) ?? '',
      options: options[position] ?? [],
      userAnswer: null,
      markedForReview: false,
    }),
  );
  if (scope.mode !== 'timed') for (const e of evaluation) Object.assign(e, registry.strategies.unchecked());
  // A paper in two languages: each question's translations too (docs/languages.md).
  return withSections(
    { assessment, evaluation: await withTranslations(db, id, assessment, evaluation) },
    scheme.id,
  );
}
