import type { AnswerValue, Confidence, Outcome, SessionKind } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { Card, State } from 'ts-fsrs';
import type { DbOrTx } from '../../db/client.js';
import { outcomeOf } from '../quiz/evaluation-views.js';
import { nextCard } from './fsrs.js';

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

async function insertAttempts(tx: DbOrTx, entries: AnswerEntry[]): Promise<void> {
  const rows = JSON.stringify(
    entries.map((e) => ({
      user_id: e.userId,
      question_id: e.questionId,
      assessment_id: e.assessmentId,
      position: e.position,
      exam_id: e.examId,
      subject_id: e.subjectId,
      topic_id: e.topicId,
      session_kind: e.sessionKind,
      outcome: e.outcome,
      score: e.score,
      max_score: e.maxScore,
      confidence: e.confidence,
      time_spent: e.timeSpent,
      answered_at: e.answeredAt.toISOString(),
    })),
  );
  await tx.execute(sql`
    INSERT INTO question_attempts (user_id, question_id, assessment_id, position, exam_id, subject_id,
      topic_id, session_kind, outcome, score, max_score, confidence, time_spent, answered_at)
    SELECT user_id, question_id, assessment_id, position, exam_id, subject_id, topic_id, session_kind,
      outcome, score, max_score, confidence, time_spent, answered_at
    FROM jsonb_to_recordset(${rows}::jsonb) AS v(user_id uuid, question_id uuid, assessment_id uuid,
      position int, exam_id uuid, subject_id uuid, topic_id uuid, session_kind text, outcome text,
      score float8, max_score float8, confidence text, time_spent int, answered_at timestamptz)`);
}

/** The existing cards of the batch's (learner, question) pairs, locked until the batch commits. */
async function lockedCards(tx: DbOrTx, entries: AnswerEntry[]): Promise<Map<string, Card>> {
  const pairs = JSON.stringify(entries.map((e) => ({ user_id: e.userId, question_id: e.questionId })));
  const result = await tx.execute(sql`
    SELECT c.user_id, c.question_id, c.due, c.stability, c.difficulty, c.elapsed_days, c.scheduled_days,
      c.learning_steps, c.reps, c.lapses, c.state, c.last_review
    FROM review_cards c
    WHERE (c.user_id, c.question_id) IN (
      SELECT user_id, question_id FROM jsonb_to_recordset(${pairs}::jsonb) AS v(user_id uuid, question_id uuid))
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
    const key = pairKey(entry.userId, entry.questionId);
    const before = latest.get(key)?.card ?? existing.get(key) ?? null;
    const card = nextCard(before, entry.outcome, entry.confidence, entry.answeredAt);
    if (card) latest.set(key, { entry, card });
  }
  return [...latest.values()];
}

async function writeCards(tx: DbOrTx, writes: CardWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const rows = JSON.stringify(
    writes.map(({ entry: e, card: c }) => ({
      user_id: e.userId,
      question_id: e.questionId,
      due: c.due.toISOString(),
      stability: c.stability,
      difficulty: c.difficulty,
      elapsed_days: c.elapsed_days,
      scheduled_days: c.scheduled_days,
      learning_steps: c.learning_steps,
      reps: c.reps,
      lapses: c.lapses,
      state: c.state,
      last_review: c.last_review?.toISOString() ?? null,
      last_outcome: e.outcome,
      last_answer: e.answer,
      last_confidence: e.confidence,
      last_assessment_id: e.assessmentId,
      last_answered_at: e.answeredAt.toISOString(),
      exam_id: e.examId,
      subject_id: e.subjectId,
      topic_id: e.topicId,
    })),
  );
  // A wrong or blank answer brings a dismissed question back into the queue.
  await tx.execute(sql`
    INSERT INTO review_cards AS c (user_id, question_id, due, stability, difficulty, elapsed_days,
      scheduled_days, learning_steps, reps, lapses, state, last_review, last_outcome, last_answer,
      last_confidence, last_assessment_id, last_answered_at, exam_id, subject_id, topic_id)
    SELECT user_id, question_id, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps,
      reps, lapses, state, last_review, last_outcome, last_answer, last_confidence, last_assessment_id,
      last_answered_at, exam_id, subject_id, topic_id
    FROM jsonb_to_recordset(${rows}::jsonb) AS v(user_id uuid, question_id uuid, due timestamptz,
      stability float8, difficulty float8, elapsed_days int, scheduled_days int, learning_steps int,
      reps int, lapses int, state int, last_review timestamptz, last_outcome text, last_answer jsonb,
      last_confidence text, last_assessment_id uuid, last_answered_at timestamptz, exam_id uuid,
      subject_id uuid, topic_id uuid)
    ORDER BY user_id, question_id
    ON CONFLICT (user_id, question_id) DO UPDATE SET due = excluded.due, stability = excluded.stability,
      difficulty = excluded.difficulty, elapsed_days = excluded.elapsed_days,
      scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps,
      reps = excluded.reps, lapses = excluded.lapses, state = excluded.state,
      last_review = excluded.last_review, last_outcome = excluded.last_outcome,
      last_answer = excluded.last_answer, last_confidence = excluded.last_confidence,
      last_assessment_id = excluded.last_assessment_id, last_answered_at = excluded.last_answered_at,
      exam_id = excluded.exam_id, subject_id = excluded.subject_id, topic_id = excluded.topic_id,
      dismissed_at = CASE WHEN excluded.last_outcome IN ('incorrect', 'unattempted') THEN NULL
        ELSE c.dismissed_at END`);
}

/**
 * Item difficulty counts: answered and right, per question. Rows are taken in question order so that
 * concurrent batches with the same paper lock them in the same order (no deadlock); it is the batch's
 * last statement, so the shared rows stay locked as briefly as possible.
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
  await tx.execute(sql`
    INSERT INTO question_stats AS s (question_id, answers, correct)
    SELECT question_id, answers, correct
    FROM jsonb_to_recordset(${rows}::jsonb) AS v(question_id uuid, answers int, correct int)
    ORDER BY question_id
    ON CONFLICT (question_id) DO UPDATE SET answers = s.answers + excluded.answers,
      correct = s.correct + excluded.correct`);
}

/** Records a batch of answers in the caller's transaction (completion, or a practice check). */
export async function recordAnswers(tx: DbOrTx, entries: AnswerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await insertAttempts(tx, entries);
  await writeCards(tx, scheduleCards(entries, await lockedCards(tx, entries)));
  await countStats(tx, entries);
}

/** A completed session as completion holds it (its locked row). */
export interface CompletedSession {
  id: string;
  userId: string;
  examId: string;
  answers: AnswerValue[];
  timeSpent: number[] | null;
}
/** One question of it, by position: what completion read and scored. */
export interface CompletedQuestion {
  /** 1-based, as unnest … WITH ORDINALITY numbers it. */
  pos: number;
  question_id: string;
  subject_id: string;
  topic_id: string | null;
}

/** A completed session's answers as entries (`scored`: the marks of `questions`, same order). */
export function completionEntries(
  session: CompletedSession,
  questions: CompletedQuestion[],
  scored: { score: number | null; max: number }[],
  at: Date,
  kind: SessionKind = 'timed',
): AnswerEntry[] {
  return questions.map((q, i) => {
    const position = Number(q.pos) - 1;
    const answer = session.answers[position] ?? null;
    const { score, max } = scored[i] ?? { score: null, max: 0 };
    return {
      userId: session.userId,
      questionId: q.question_id,
      assessmentId: session.id,
      position,
      examId: session.examId,
      subjectId: q.subject_id,
      topicId: q.topic_id,
      sessionKind: kind,
      outcome: outcomeOf(answer, score, max),
      score,
      maxScore: max,
      confidence: null,
      timeSpent: session.timeSpent?.[position] ?? 0,
      answer,
      answeredAt: at,
    };
  });
}
