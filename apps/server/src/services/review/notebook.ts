import {
  catalogueMessages,
  REVIEW_NEW_CARDS_PER_DAY,
  keyText,
  quizMessages,
  tutorMessages,
  type AnswerValue,
  type Confidence,
  type MistakeDismissData,
  type MistakesData,
  type MistakeKind,
  type MistakesQuery,
  type Outcome,
  type QuestionKey,
  type QuestionType,
  type ReviewSummaryData,
  type ReviewSummaryQuery,
} from '@ai-tutor/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { newCardAllowance, rankedCards, USABLE_QUESTION } from './due.js';
import { givenQuestion } from '../quiz/given-question.js';
import { evaluationId } from '../quiz/session-ids.js';
import { languagesOf } from '../quiz/languages.js';
import { notebookTranslations } from './notebook-languages.js';

/**
 * The learner's side of the review queue: the counts (GET /v1/review/summary), the mistakes notebook
 * (GET /v1/mistakes) and "I've got this" (POST /v1/mistakes/:questionId/dismiss). Only the learner's
 * own cards are ever read; a dropped or unpublished question leaves the queue with its question.
 * A mistake shows the question as the session of its last answer was given it (its text, options,
 * key and explanation: docs/decisions/0031-sessions-read-what-was-given.md).
 */

const iso = (value: string | Date) => new Date(value).toISOString();

/** The end of the learner's day: their next midnight, from `Date.getTimezoneOffset()` minutes. */
export function endOfLearnerDay(now: Date, tzOffsetMinutes = 0): Date {
  const local = new Date(now.getTime() - tzOffsetMinutes * 60_000);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1);
  return new Date(midnight + tzOffsetMinutes * 60_000);
}

type Ref = { id: string; name: string; slug: string };

async function findRef(
  db: DbOrTx,
  table: 'exams' | 'subjects' | 'topics',
  slug: string,
): Promise<Ref | null> {
  const result = await db.execute(
    sql`SELECT id, name, slug FROM ${sql.identifier(table)} WHERE slug = ${slug} LIMIT 1`,
  );
  return (result.rows[0] as Ref | undefined) ?? null;
}

async function examBySlug(db: DbOrTx, slug: string): Promise<Ref> {
  const exam = await findRef(db, 'exams', slug);
  if (!exam) throw notFound(catalogueMessages.examNotFound);
  return exam;
}

interface SummaryRow {
  exam_id: string;
  exam_name: string;
  exam_slug: string;
  subject_id: string;
  subject_name: string;
  subject_slug: string;
  due_now: number;
  due_today: number;
  waiting: number;
  total: number;
  next_due: string | null;
}

export async function reviewSummary(
  db: DbOrTx,
  userId: string,
  query: ReviewSummaryQuery,
  now = new Date(),
  newCardsPerDay = REVIEW_NEW_CARDS_PER_DAY,
): Promise<ReviewSummaryData> {
  const exam = query.examSlug ? await examBySlug(db, query.examSlug) : null;
  const endOfDay = endOfLearnerDay(now, query.tzOffsetMinutes);
  const result = await db.execute(sql`
    SELECT e.id AS exam_id, e.name AS exam_name, e.slug AS exam_slug, sub.id AS subject_id,
      sub.name AS subject_name, sub.slug AS subject_slug,
      count(*) FILTER (WHERE c.due <= now() AND c.entering)::int AS due_now,
      count(*) FILTER (WHERE c.due < ${endOfDay.toISOString()}::timestamptz AND c.entering)::int AS due_today,
      count(*) FILTER (WHERE NOT c.entering)::int AS waiting,
      count(*)::int AS total, min(c.due) FILTER (WHERE c.entering) AS next_due
    FROM (SELECT r.*, (r.new_rank IS NULL OR r.new_rank <= ${newCardAllowance(userId, newCardsPerDay)}) AS entering
      FROM (${rankedCards(userId, exam?.id ?? null)}) r) c
    JOIN subjects sub ON sub.id = c.subject_id
    JOIN exams e ON e.id = c.exam_id
    GROUP BY e.id, e.name, e.slug, e.sort_order, sub.id, sub.name, sub.slug, sub.sort_order
    ORDER BY e.sort_order, e.name, sub.sort_order, sub.name`);
  const rows = result.rows as unknown as SummaryRow[];
  const sum = (pick: (r: SummaryRow) => number) => rows.reduce((total, r) => total + Number(pick(r)), 0);
  const nextDue = rows
    .map((r) => r.next_due)
    .filter((d): d is string => d !== null)
    .map(iso)
    .sort()[0];
  return {
    dueNow: sum((r) => r.due_now),
    dueToday: sum((r) => r.due_today),
    waitingNew: sum((r) => r.waiting),
    total: sum((r) => r.total),
    exam,
    nextDueAt: nextDue ?? null,
    subjects: rows.map((r) => ({
      subject: { id: r.subject_id, name: r.subject_name, slug: r.subject_slug },
      exam: { id: r.exam_id, name: r.exam_name, slug: r.exam_slug },
      dueNow: Number(r.due_now),
      dueToday: Number(r.due_today),
      total: Number(r.total),
    })),
  };
}

interface MistakeRow {
  question_id: string;
  question_text: string;
  question_type: QuestionType;
  options_json: string;
  passage: string | null;
  answer_json: string | null;
  key_json: string;
  explanation: string | null;
  exam_id: string;
  exam_name: string;
  exam_slug: string;
  subject_id: string;
  subject_name: string;
  subject_slug: string;
  topic_id: string | null;
  topic_name: string | null;
  topic_slug: string | null;
  answered_at: string;
  outcome: Outcome;
  confidence: Confidence | null;
  due: string;
  reps: number;
  lapses: number;
  last_assessment_id: string | null;
  last_position: number | null;
  exam_languages_json: string;
  authoritative_language: string;
  last_language: string | null;
  version: number;
}

/** A notebook kind's last outcomes (a right answer is there only as a guess). */
const OUTCOMES_OF: Record<MistakeKind, Outcome[]> = {
  wrong: ['incorrect', 'partial'],
  unattempted: ['unattempted'],
  guess: ['correct'],
};

/** The filters of the notebook as conditions; an unknown slug is a 404 naming it. */
async function notebookFilters(db: DbOrTx, query: MistakesQuery): Promise<SQL[]> {
  const conditions: SQL[] = [];
  const filters = [
    ['exams', 'Exam', query.examSlug, sql`c.exam_id`],
    ['subjects', 'Subject', query.subjectSlug, sql`c.subject_id`],
    ['topics', 'Topic', query.topicSlug, sql`c.topic_id`],
  ] as const;
  for (const [table, kind, slug, column] of filters) {
    if (slug === undefined) continue;
    const ref = await findRef(db, table, slug);
    if (!ref) throw notFound(quizMessages.scopeNotFound(kind, slug));
    conditions.push(sql`${column} = ${ref.id}`);
  }
  if (query.kind)
    conditions.push(sql`c.last_outcome = ANY(${`{${OUTCOMES_OF[query.kind].join(',')}}`}::text[])`);
  return conditions;
}

export async function listMistakes(db: DbOrTx, userId: string, query: MistakesQuery): Promise<MistakesData> {
  const where = sql.join(
    [
      sql`c.user_id = ${userId}`,
      sql`c.dismissed_at IS NULL`,
      USABLE_QUESTION,
      ...(await notebookFilters(db, query)),
    ],
    sql` AND `,
  );
  const [page, count] = await Promise.all([
    db.execute(sql`
      SELECT c.question_id, q.text AS question_text, q.type AS question_type, q.options::text AS options_json,
        p.text AS passage, c.last_answer::text AS answer_json, q.key::text AS key_json, q.explanation,
        e.id AS exam_id, e.name AS exam_name, e.slug AS exam_slug,
        sub.id AS subject_id, sub.name AS subject_name, sub.slug AS subject_slug,
        t.id AS topic_id, t.name AS topic_name, t.slug AS topic_slug,
        c.last_answered_at AS answered_at, c.last_outcome AS outcome, c.last_confidence AS confidence,
        c.due, c.reps, c.lapses, c.last_assessment_id, last.position AS last_position,
        array_to_json(e.languages)::text AS exam_languages_json, e.authoritative_language,
        la.language AS last_language, q.version
      FROM review_cards c
      -- The last answer's place in its completed session ("Ask AI tutor" explains it there) and the
      -- version that session was given: the notebook shows what the learner saw and was marked on.
      LEFT JOIN LATERAL (
        SELECT qa.position, a.question_versions[qa.position + 1] AS version FROM question_attempts qa
        JOIN assessments a ON a.id = qa.assessment_id AND a.session_completed
        WHERE qa.assessment_id = c.last_assessment_id AND qa.question_id = c.question_id
        LIMIT 1) last ON true
      ${givenQuestion(sql`c.question_id`, sql`last.version`)}
      JOIN exams e ON e.id = c.exam_id
      JOIN subjects sub ON sub.id = c.subject_id
      LEFT JOIN topics t ON t.id = c.topic_id
      LEFT JOIN passages p ON p.id = q.passage_id
      -- The language the last answer was given in: the notebook opens the question in it.
      LEFT JOIN assessments la ON la.id = c.last_assessment_id
      WHERE ${where}
      ORDER BY c.last_answered_at DESC, c.question_id
      LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`),
    db.execute(sql`
      SELECT count(*)::int AS total FROM review_cards c JOIN questions q ON q.id = c.question_id
      WHERE ${where}`),
  ]);
  const total = Number((count.rows[0] as { total: number } | undefined)?.total ?? 0);
  const rows = page.rows as unknown as MistakeRow[];
  const translations = await notebookTranslations(
    db,
    rows.map((r) => ({ questionId: r.question_id, version: Number(r.version) })),
  );
  return {
    mistakes: rows.map((r) => {
      const key = JSON.parse(r.key_json) as QuestionKey;
      const { languages } = languagesOf({
        examLanguages: JSON.parse(r.exam_languages_json) as string[],
        authoritativeLanguage: r.authoritative_language,
        language: r.last_language,
      });
      const shown = languages && translations.get(r.question_id, languages, r.passage);
      return {
        questionId: r.question_id,
        questionText: r.question_text,
        questionType: r.question_type,
        options: JSON.parse(r.options_json) as string[],
        passage: r.passage,
        yourAnswer: r.answer_json === null ? null : (JSON.parse(r.answer_json) as AnswerValue),
        keyText: keyText(key),
        correctOptions: key.type === 'single' ? [key.answer] : key.type === 'multiple' ? key.answers : [],
        explanation: r.explanation,
        exam: { id: r.exam_id, name: r.exam_name, slug: r.exam_slug },
        subject: { id: r.subject_id, name: r.subject_name, slug: r.subject_slug },
        topic:
          r.topic_id && r.topic_name && r.topic_slug
            ? { id: r.topic_id, name: r.topic_name, slug: r.topic_slug }
            : null,
        answeredAt: iso(r.answered_at),
        outcome: r.outcome,
        confidence: r.confidence,
        dueAt: iso(r.due),
        // The answer that put it in the queue is the card's first review.
        reviews: Math.max(0, Number(r.reps) - 1),
        lapses: Number(r.lapses),
        evaluationId:
          r.last_assessment_id && r.last_position !== null
            ? evaluationId(r.last_assessment_id, Number(r.last_position))
            : null,
        ...(languages && shown ? { languages, translations: shown } : {}),
      };
    }),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** "I've got this": out of the queue (again: the same answer); not the learner's card: 404. */
export async function dismissMistake(
  db: DbOrTx,
  userId: string,
  questionId: string,
): Promise<MistakeDismissData> {
  const result = await db.execute(sql`
    UPDATE review_cards SET dismissed_at = coalesce(dismissed_at, now())
    WHERE user_id = ${userId} AND question_id = ${questionId}
    RETURNING dismissed_at`);
  const row = result.rows[0] as { dismissed_at: string } | undefined;
  if (!row) throw notFound(tutorMessages.mistakeNotFound);
  return { questionId, dismissedAt: iso(row.dismissed_at) };
}
