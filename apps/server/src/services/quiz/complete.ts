import {
  droppedMark,
  fullMarks,
  markAnswer,
  schemeById,
  type AnswerValue,
  type QuestionKey,
  type QuestionType,
} from '@ai-tutor/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { assessments } from '../../db/schema.js';
import { gradeSession, type GradeVerdict } from './free-text-grading.js';
import { applyRecordDeltas, recordDeltas, type ScoredQuestion, type SessionForRecords } from './records.js';
import { closeSheets } from './answer-sheets.js';
import { GRACE } from './sql.js';
import { givenQuestion } from './given-question.js';
import { completedSession, type QuizHooks } from './hooks.js';

/**
 * Completing a session: the one path used by submit, by the periodic sweep, by reads of an expired
 * session and by a fresh start. The session's row is locked (FOR UPDATE) and re-checked inside the
 * transaction, so however many requests and server processes race, a session is scored and counted in
 * the records once. Its answer sheet is closed before the answers are read (answer-sheets.ts): a save
 * lands before scoring reads the answers or is refused after it. Marks follow the scheme the session was started under.
 * With a free-text grader (hooks.grader, null without AI) its verdicts decide free-text answers the
 * rules did not match. What other areas do with a completed session (the practice percentile, the review
 * queue) runs in the same transaction, through hooks.sessionsCompleted (hooks.ts).
 */

const lockColumns = {
  id: assessments.id,
  userId: assessments.userId,
  quizType: assessments.quizType,
  mode: assessments.mode,
  moduleId: assessments.moduleId,
  subjectId: assessments.subjectId,
  topicId: assessments.topicId,
  totalMarks: assessments.totalMarks,
  sessionCompleted: assessments.sessionCompleted,
  markingScheme: assessments.markingScheme,
  scheduledTestId: assessments.scheduledTestId,
  checkScores: assessments.checkScores,
  examId: assessments.examId,
};
/** A session's row as its lock read it; its answers are read when its sheet is closed. */
type LockedRow = Omit<LockedSession, 'answers' | 'timeSpent' | 'visited' | 'marked'>;
interface LockedSession extends SessionForRecords {
  id: string;
  examId: string;
  markingScheme: string;
  answers: AnswerValue[];
  scheduledTestId: string | null;
  /** Practice and review: the marks the learner was shown when checking (docs/product.md#practice-and-review-sessions). */
  checkScores: Record<string, number | null> | null;
  timeSpent: number[] | null;
  visited: boolean[] | null;
  marked: boolean[] | null;
}

export interface KeyRow {
  session_id: string;
  pos: number;
  type: QuestionType;
  key_json: string;
  topic_id: string | null;
  question_id: string;
  subject_id: string;
  dropped: boolean;
}

/** Each locked session's questions: type, key and topic by position, in one query for a batch. */
export async function keysOf(tx: DbOrTx, ids: string[]): Promise<Map<string, KeyRow[]>> {
  const result = await tx.execute(sql`
    SELECT a.id AS session_id, s.pos::int AS pos, q.type, q.key::text AS key_json, q.topic_id,
      q.id AS question_id, q.subject_id, q.dropped_at IS NOT NULL AS dropped
    FROM assessments a
    CROSS JOIN LATERAL unnest(a.question_ids) WITH ORDINALITY AS s(question_id, pos)
    ${givenQuestion('s.question_id', 'a.question_versions[s.pos]')}
    WHERE a.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    ORDER BY a.id, s.pos`);
  const bySession = new Map<string, KeyRow[]>();
  for (const row of result.rows as unknown as KeyRow[]) {
    bySession.set(row.session_id, [...(bySession.get(row.session_id) ?? []), row]);
  }
  return bySession;
}

interface Scored {
  session: LockedSession;
  scores: (number | null)[];
  notes: Record<string, string>;
  questions: ScoredQuestion[];
}

function scoreSession(session: LockedSession, keys: KeyRow[], verdicts: Map<number, GradeVerdict>): Scored {
  const scheme = schemeById(session.markingScheme);
  const notes: Record<string, string> = {};
  const questions = keys.map((row): ScoredQuestion => {
    const position = Number(row.pos) - 1;
    const answer = session.answers[position] ?? null;
    const max = fullMarks(scheme, row.type);
    const verdict = verdicts.get(position);
    // A dropped question (a key correction) gives full marks to everyone who was given it.
    let score = row.dropped
      ? droppedMark(scheme, row.type).score
      : markAnswer(scheme, JSON.parse(row.key_json) as QuestionKey, answer).score;
    const checked = session.checkScores?.[String(position)];
    // A checked answer keeps the mark its check showed; no AI verdict overrides it.
    if (checked !== undefined && !row.dropped) score = checked;
    // An AI verdict decides a free-text answer the rules did not accept.
    else if (verdict && score !== null && score < max) {
      score = verdict.correct ? max : scheme.marks.text.wrong;
      notes[String(position)] = verdict.reason;
    }
    return { score, max, topicId: row.topic_id, subjectId: row.subject_id };
  });
  return { session, scores: questions.map((q) => q.score), notes, questions };
}

/**
 * Closes the answer sheets of locked, not yet completed sessions, then writes their scores and records
 * (a few statements) and publishes them to the other areas in the same transaction. `batch`: the sweep's.
 */
async function completeLocked(
  tx: DbOrTx,
  hooks: QuizHooks,
  locked: LockedRow[],
  verdicts: Map<number, GradeVerdict> = new Map(),
  batch = false,
): Promise<void> {
  if (locked.length === 0) return;
  const sheets = await closeSheets(
    tx,
    locked.map((s) => s.id),
  );
  const sessions: LockedSession[] = locked.map((s) => ({
    ...s,
    answers: sheets.get(s.id)?.answers ?? [],
    timeSpent: sheets.get(s.id)?.timeSpent ?? null,
    visited: sheets.get(s.id)?.visited ?? null,
    marked: sheets.get(s.id)?.marked ?? null,
  }));
  const keys = await keysOf(
    tx,
    sessions.map((s) => s.id),
  );
  const scored = sessions.map((s) => scoreSession(s, keys.get(s.id) ?? [], verdicts));
  const values = JSON.stringify(
    scored.map((s) => ({
      id: s.session.id,
      score: s.questions.reduce((total, q) => total + (q.score ?? 0), 0),
      answered: s.scores.filter((score) => score !== null).length,
      scores: s.scores,
      notes: Object.keys(s.notes).length ? s.notes : null,
    })),
  );
  // Submitted in time: now. Expired (sweep, late read, submit in the grace): the deadline.
  await tx.execute(sql`
    UPDATE assessments a SET score = v.score, answered_question = v.answered, scores = v.scores,
      grading_notes = v.notes, session_completed = true, end_time = least(now(), a.deadline),
      completed_at = now()
    FROM jsonb_to_recordset(${values}::jsonb) AS v(id uuid, score int, answered int, scores jsonb, notes jsonb)
    WHERE a.id = v.id`);
  // A live test's session counts in the records when the test is ranked (live-tests/records.ts): its
  // score stays hidden until then, records included.
  for (const s of scored)
    if (!s.session.scheduledTestId)
      await applyRecordDeltas(tx, s.session.userId, recordDeltas(s.session, s.questions));
  await hooks.sessionsCompleted.run(tx, {
    sessions: scored.map((s) => completedSession(s.session, keys.get(s.session.id) ?? [], s.questions)),
    at: new Date(),
    batch,
  });
}

async function lockAndComplete(
  tx: Tx,
  hooks: QuizHooks,
  assessmentId: string,
  verdicts: Map<number, GradeVerdict>,
): Promise<boolean> {
  const [locked] = await tx
    .select(lockColumns)
    .from(assessments)
    .where(eq(assessments.id, assessmentId))
    .for('update');
  if (!locked || locked.sessionCompleted) return false;
  await completeLocked(tx, hooks, [locked], verdicts);
  return true;
}

/** Completes one session; false when it was already completed (by this or another process). */
export async function completeAssessment(db: Db, hooks: QuizHooks, assessmentId: string): Promise<boolean> {
  const verdicts = await gradeSession(db, hooks.grader, assessmentId);
  return db.transaction((tx) => lockAndComplete(tx, hooks, assessmentId, verdicts));
}

const expiredCondition = sql`${assessments.deadline} + ${GRACE} < now()`;

/**
 * Completes every session past its deadline and grace, a batch per transaction, scored together.
 * Rows another process holds are skipped (SKIP LOCKED): that process is completing them.
 */
/**
 * Batches completed at once by one sweep: while one batch's scoring runs in this process, another's
 * writes run in the database. One batch at a time completed ~250 sessions a second against an exam
 * day's 333 deadlines a second; two keep every session counted within ~17 s of its deadline
 * (docs/decisions/0018-exam-day-arrival.md).
 */
const SWEEP_WORKERS = 2;

export async function sweepExpired(
  db: Db,
  hooks: QuizHooks,
  batchSize = 50,
  workers = SWEEP_WORKERS,
): Promise<number> {
  if (hooks.grader) return sweepOneByOne(db, hooks, batchSize);
  const worker = async () => {
    let completed = 0;
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const due = await tx
          .select(lockColumns)
          .from(assessments)
          .where(and(eq(assessments.sessionCompleted, false), expiredCondition))
          .orderBy(asc(assessments.deadline))
          .limit(batchSize)
          .for('update', { skipLocked: true });
        await completeLocked(tx, hooks, due, new Map(), true);
        return due.length;
      });
      completed += done;
      if (done < batchSize) return completed;
    }
  };
  // Every worker ends before the sweep does (the next tick never overlaps one still running), and a
  // failed batch (rolled back whole) is retried by the next tick.
  const results = await Promise.allSettled(Array.from({ length: workers }, worker));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.reduce((sum, r) => sum + (r.status === 'fulfilled' ? r.value : 0), 0);
}

/** Before listing a learner's attempts: their expired sessions become attempts first. */
export async function completeExpiredOf(db: Db, hooks: QuizHooks, userId: string): Promise<void> {
  const due = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(eq(assessments.userId, userId), eq(assessments.sessionCompleted, false), expiredCondition));
  for (const a of due) await completeAssessment(db, hooks, a.id);
}

/**
 * With an AI grader the answers are judged before any lock is taken, so sessions are completed one at a
 * time through completeAssessment (its FOR UPDATE re-check keeps completion exactly-once).
 */
async function sweepOneByOne(db: Db, hooks: QuizHooks, batchSize: number): Promise<number> {
  let completed = 0;
  for (;;) {
    const due = await db
      .select({ id: assessments.id })
      .from(assessments)
      .where(and(eq(assessments.sessionCompleted, false), expiredCondition))
      .orderBy(asc(assessments.deadline))
      .limit(batchSize);
    for (const a of due) if (await completeAssessment(db, hooks, a.id)) completed++;
    if (due.length < batchSize) return completed;
  }
}
