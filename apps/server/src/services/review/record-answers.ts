import { randomInt } from 'node:crypto';
import type { AnswerValue, Confidence, Outcome, SessionKind } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { Card, State } from 'ts-fsrs';
import type { DbOrTx } from '../../db/client.js';
import { outcomeOf } from '../quiz/evaluation-views.js';
import type { CompletedSession } from '../quiz/hooks.js';
import { nextCard } from './fsrs.js';
import { STATS_SHARDS } from './mastery.js';

/**
 * The tutor loop's history (decision 0011): every answer of a completed session (and every checked
 * practice answer) becomes a question_attempts row, reviews or creates its review card, and counts
 * towards its question's difficulty. A batch of any size is four statements: the attempts, the
 * learners' cards read (locked), the cards written, the question stats — never a loop of statements.
 */

export interface AnswerEntry {
  userId: string;
  questionId: string;
  assessmentId: string;
  /** 0-based position in the session. */
  position: number;
  examId: string;
  subjectId: string;
  topicId: string | null;
  sessionKind: SessionKind;
  outcome: Outcome;
  score: number | null;
  maxScore: number;
  confidence: Confidence | null;
  timeSpent: number;
  answer: AnswerValue;
  answeredAt: Date;
  /** False for a position of a test the learner never opened: not a mistake, its card is left alone. */
  visited?: boolean;
}

interface CardRow {
  user_id: string;
  question_id: string;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: string | null;
}

const pairKey = (userId: string, questionId: string) => `${userId}:${questionId}`;

function toCard(row: CardRow): Card {
  return {
    due: new Date(row.due),
    stability: Number(row.stability),
    difficulty: Number(row.difficulty),
    elapsed_days: Number(row.elapsed_days),
    scheduled_days: Number(row.scheduled_days),
    learning_steps: Number(row.learning_steps),
    reps: Number(row.reps),
    lapses: Number(row.lapses),
    state: Number(row.state) as State,
    last_review: row.last_review ? new Date(row.last_review) : undefined,
  };
}

/**
 * A PostgreSQL array literal of safe scalars (uuids, numbers, ISO times, the fixed words of outcomes
 * and confidences): arrays parse far cheaper than a JSON object per row.
 */
const arrayLiteral = (values: (string | number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

async function insertAttempts(tx: DbOrTx, entries: AnswerEntry[]): Promise<void> {
  const column = <T extends string | number | null>(pick: (e: AnswerEntry) => T) =>
    arrayLiteral(entries.map(pick));
  await tx.execute(sql`
    INSERT INTO question_attempts (user_id, question_id, assessment_id, position, exam_id, subject_id,
      topic_id, session_kind, outcome, score, max_score, confidence, time_spent, answered_at)
    SELECT * FROM unnest(${column((e) => e.userId)}::uuid[], ${column((e) => e.questionId)}::uuid[],
      ${column((e) => e.assessmentId)}::uuid[], ${column((e) => e.position)}::int[],
      ${column((e) => e.examId)}::uuid[], ${column((e) => e.subjectId)}::uuid[],
      ${column((e) => e.topicId)}::uuid[], ${column((e) => e.sessionKind)}::text[],
      ${column((e) => e.outcome)}::text[], ${column((e) => e.score)}::float8[],
      ${column((e) => e.maxScore)}::float8[], ${column((e) => e.confidence)}::text[],
      ${column((e) => e.timeSpent)}::int[], ${column((e) => e.answeredAt.toISOString())}::timestamptz[])
    ON CONFLICT (assessment_id, position) DO NOTHING`);
}

/** The existing cards of the batch's (learner, question) pairs, locked until the batch commits. */
async function lockedCards(tx: DbOrTx, entries: AnswerEntry[]): Promise<Map<string, Card>> {
  const users = arrayLiteral(entries.map((e) => e.userId));
  const questionIds = arrayLiteral(entries.map((e) => e.questionId));
  const result = await tx.execute(sql`
    SELECT c.user_id, c.question_id, c.due, c.stability, c.difficulty, c.elapsed_days, c.scheduled_days,
      c.learning_steps, c.reps, c.lapses, c.state, c.last_review
    FROM review_cards c
    WHERE (c.user_id, c.question_id) IN (SELECT * FROM unnest(${users}::uuid[], ${questionIds}::uuid[]))
    ORDER BY c.user_id, c.question_id
    FOR UPDATE OF c`);
  const cards = new Map<string, Card>();
  for (const row of result.rows as unknown as CardRow[])
    cards.set(pairKey(row.user_id, row.question_id), toCard(row));
  return cards;
}

interface CardWrite {
  entry: AnswerEntry;
  card: Card;
}

/** Each pair's answers in time order: the card after the last one (null: never entered the queue). */
function scheduleCards(entries: AnswerEntry[], existing: Map<string, Card>): CardWrite[] {
  const ordered = [...entries].sort((a, b) => a.answeredAt.getTime() - b.answeredAt.getTime());
  const latest = new Map<string, CardWrite>();
  for (const entry of ordered) {
    if (entry.outcome === 'unattempted' && entry.visited === false) continue;
    const key = pairKey(entry.userId, entry.questionId);
    const before = latest.get(key)?.card ?? existing.get(key) ?? null;
    const card = nextCard(before, entry.outcome, entry.confidence, entry.answeredAt);
    if (card) latest.set(key, { entry, card });
  }
  return [...latest.values()];
}

async function writeCards(tx: DbOrTx, writes: CardWrite[]): Promise<void> {
  if (writes.length === 0) return;
  // By (learner, question): concurrent batches lock shared cards in one order.
  writes.sort((x, y) =>
    pairKey(x.entry.userId, x.entry.questionId).localeCompare(pairKey(y.entry.userId, y.entry.questionId)),
  );
  const column = <T extends string | number | null>(pick: (w: CardWrite) => T) =>
    arrayLiteral(writes.map(pick));
  // Answers are JSON (a string or a list of option texts): one JSON array, taken by position.
  const answers = JSON.stringify(writes.map((w) => w.entry.answer));
  // A wrong or blank answer brings a dismissed question back into the queue.
  await tx.execute(sql`
    INSERT INTO review_cards AS c (user_id, question_id, due, stability, difficulty, elapsed_days,
      scheduled_days, learning_steps, reps, lapses, state, last_review, last_outcome, last_answer,
      last_confidence, last_assessment_id, last_answered_at, exam_id, subject_id, topic_id)
    SELECT v.user_id, v.question_id, v.due, v.stability, v.difficulty, v.elapsed_days, v.scheduled_days,
      v.learning_steps, v.reps, v.lapses, v.state, v.last_review, v.last_outcome,
      ${answers}::jsonb -> (v.ord::int - 1), v.last_confidence, v.last_assessment_id, v.last_answered_at,
      v.exam_id, v.subject_id, v.topic_id
    FROM unnest(${column((w) => w.entry.userId)}::uuid[], ${column((w) => w.entry.questionId)}::uuid[],
      ${column((w) => w.card.due.toISOString())}::timestamptz[], ${column((w) => w.card.stability)}::float8[],
      ${column((w) => w.card.difficulty)}::float8[], ${column((w) => w.card.elapsed_days)}::int[],
      ${column((w) => w.card.scheduled_days)}::int[], ${column((w) => w.card.learning_steps)}::int[],
      ${column((w) => w.card.reps)}::int[], ${column((w) => w.card.lapses)}::int[],
      ${column((w) => w.card.state)}::int[],
      ${column((w) => w.card.last_review?.toISOString() ?? null)}::timestamptz[],
      ${column((w) => w.entry.outcome)}::text[], ${column((w) => w.entry.confidence)}::text[],
      ${column((w) => w.entry.assessmentId)}::uuid[],
      ${column((w) => w.entry.answeredAt.toISOString())}::timestamptz[],
      ${column((w) => w.entry.examId)}::uuid[], ${column((w) => w.entry.subjectId)}::uuid[],
      ${column((w) => w.entry.topicId)}::uuid[])
      WITH ORDINALITY AS v(user_id, question_id, due, stability, difficulty, elapsed_days, scheduled_days,
        learning_steps, reps, lapses, state, last_review, last_outcome, last_confidence, last_assessment_id,
        last_answered_at, exam_id, subject_id, topic_id, ord)
    ON CONFLICT (user_id, question_id) DO UPDATE SET due = excluded.due, stability = excluded.stability,
      difficulty = excluded.difficulty, elapsed_days = excluded.elapsed_days,
      scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps,
      reps = excluded.reps, lapses = excluded.lapses, state = excluded.state,
      last_review = excluded.last_review, last_outcome = excluded.last_outcome,
      last_answer = excluded.last_answer, last_confidence = excluded.last_confidence,
      last_assessment_id = excluded.last_assessment_id, last_answered_at = excluded.last_answered_at,
      exam_id = excluded.exam_id, subject_id = excluded.subject_id, topic_id = excluded.topic_id,
      introduced_at = coalesce(c.introduced_at, excluded.last_answered_at),
      dismissed_at = CASE WHEN excluded.last_outcome IN ('incorrect', 'unattempted') THEN NULL
        ELSE c.dismissed_at END`);
}

/**
 * Item difficulty counts: answered and right, per question, spread over STATS_SHARDS rows per question.
 * On exam day every completion updates the same paper's questions: with one row per question each
 * completing transaction would wait for the one before it to commit (every submit serialised on 75
 * rows); a shard picked at random per transaction lets concurrent completions pass each other. Rows
 * are taken in question order (no deadlock between two transactions on one shard); it is the batch's
 * last statement, so they stay locked as briefly as possible. Readers sum the shards.
 */
async function countStats(tx: DbOrTx, entries: AnswerEntry[]): Promise<void> {
  const counts = new Map<string, { answers: number; correct: number }>();
  for (const e of entries) {
    if (e.outcome === 'unattempted') continue;
    const c = counts.get(e.questionId) ?? { answers: 0, correct: 0 };
    c.answers++;
    if (e.outcome === 'correct') c.correct++;
    counts.set(e.questionId, c);
  }
  if (counts.size === 0) return;
  const rows = JSON.stringify([...counts].map(([question_id, c]) => ({ question_id, ...c })));
  const shard = randomInt(STATS_SHARDS);
  await tx.execute(sql`
    INSERT INTO question_stats AS s (question_id, shard, answers, correct)
    SELECT question_id, ${shard}::int, answers, correct
    FROM jsonb_to_recordset(${rows}::jsonb) AS v(question_id uuid, answers int, correct int)
    ORDER BY question_id
    ON CONFLICT (question_id, shard) DO UPDATE SET answers = s.answers + excluded.answers,
      correct = s.correct + excluded.correct`);
}

/** Records a batch of answers in the caller's transaction (completion, or a practice check). */
export async function recordAnswers(tx: DbOrTx, entries: AnswerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await insertAttempts(tx, entries);
  await writeCards(tx, scheduleCards(entries, await lockedCards(tx, entries)));
  await countStats(tx, entries);
}

/**
 * A completed session's answers as entries, leaving out the positions a practice or review check locked
 * (that check recorded them).
 */
export function completionEntries(session: CompletedSession, at: Date): AnswerEntry[] {
  return session.questions
    .filter((q) => !q.checked)
    .map((q) => ({
      userId: session.userId,
      questionId: q.questionId,
      assessmentId: session.id,
      position: q.position,
      examId: session.examId,
      subjectId: q.subjectId,
      topicId: q.topicId,
      sessionKind: session.mode,
      outcome: outcomeOf(q.answer, q.score, q.maxScore),
      score: q.score,
      maxScore: q.maxScore,
      // Marked for review in a test: the learner was not sure, so a right answer is a guess.
      confidence: q.markedForReview ? 'guess' : null,
      timeSpent: q.timeSpent,
      answer: q.answer,
      answeredAt: at,
      visited: q.visited,
    }));
}
