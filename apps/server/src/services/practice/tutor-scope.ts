import {
  ADAPTIVE_MINUTES_PER_QUESTION,
  ADAPTIVE_QUESTION_COUNT,
  DEFAULT_MARKING_SCHEME,
  MARKING_SCHEME_NAMES,
  practiceMessages,
  quizMessages,
  REVIEW_SESSION_MAX_QUESTIONS,
  type CreateAssessmentBody,
  type MarkingSchemeName,
  type QuestionType,
  type SessionMode,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { formatSessionDate, scopeKeyOf, UNTIMED_MINUTES, type QuizScope } from '../quiz/scope.js';
import type { SelectedQuestion } from '../quiz/selection.js';
import { findRunningAttempt, runningScopeAttempt } from '../quiz/views.js';
import { adaptiveDraw, dueDraw } from './queue.js';

/**
 * Review and adaptive sessions (docs/product.md#mastery-and-adaptive-sessions): what they cover and how they draw. They start, resume
 * and complete as any session (create-session.ts); only their scope and their draw are made here.
 * - review: the learner's due questions of an exam (at most REVIEW_SESSION_MAX_QUESTIONS), interleaved
 *   across topics; untimed unless timeLimitMinutes is given; always of mode `review`.
 * - adaptive: questions from the learner's weakest topics of an exam, module or subject; `practice`
 *   (untimed, checks and hints) or timed (timeLimitMinutes, else ADAPTIVE_MINUTES_PER_QUESTION each).
 * Neither feeds the performance records (records.ts).
 */

export const isTutorQuiz = (body: Pick<CreateAssessmentBody, 'quizType'>) =>
  body.quizType === 'review' || body.quizType === 'adaptive';

interface Named {
  id: string;
  name: string;
  slug: string;
}
type Sized = Named & { durationMinutes: number; questionCount: number };

interface PlaceRow {
  exam_json: string | null;
  module_json: string | null;
  subject_json: string | null;
  marking_scheme: string | null;
}

const sized = (t: string) =>
  sql.raw(
    `json_build_object('id', ${t}.id, 'name', ${t}.name, 'slug', ${t}.slug, ` +
      `'durationMinutes', ${t}.duration_minutes, 'questionCount', ${t}.question_count)::text`,
  );

/** The exam, and the module and subject when given, each inside the one above it. */
async function resolvePlace(db: Db, body: CreateAssessmentBody) {
  const result = await db.execute(sql`
    SELECT json_build_object('id', e.id, 'name', e.name, 'slug', e.slug)::text AS exam_json,
      CASE WHEN m.id IS NOT NULL THEN ${sized('m')} END AS module_json,
      CASE WHEN s.id IS NOT NULL THEN ${sized('s')} END AS subject_json,
      coalesce(m.marking_scheme, e.marking_scheme) AS marking_scheme
    FROM exams e
    LEFT JOIN modules m ON m.slug = ${body.moduleSlug ?? null}::text AND m.exam_id = e.id
    LEFT JOIN subjects s ON s.slug = ${body.subjectSlug ?? null}::text AND s.module_id = m.id
    WHERE e.slug = ${body.examSlug}`);
  const row = result.rows[0] as PlaceRow | undefined;
  const parse = <T>(json: string | null) => (json === null ? null : (JSON.parse(json) as T));
  const exam = row && parse<Named>(row.exam_json);
  if (!row || !exam) throw notFound(quizMessages.scopeNotFound('Exam', body.examSlug));
  const module = parse<Sized>(row.module_json);
  if (body.quizType === 'adaptive' && body.moduleSlug !== undefined && !module)
    throw notFound(quizMessages.scopeNotFound('Module', body.moduleSlug, exam.name));
  const subject = parse<Sized>(row.subject_json);
  if (body.quizType === 'adaptive' && body.subjectSlug !== undefined && !subject)
    throw notFound(quizMessages.scopeNotFound('Subject', body.subjectSlug, module?.name ?? exam.name));
  const scheme = (MARKING_SCHEME_NAMES as readonly string[]).includes(row.marking_scheme ?? '')
    ? (row.marking_scheme as MarkingSchemeName)
    : DEFAULT_MARKING_SCHEME;
  return body.quizType === 'review'
    ? { exam, module: null, subject: null, scheme }
    : { exam, module, subject, scheme };
}

export async function resolveTutorScope(
  db: Db,
  body: CreateAssessmentBody,
  now: Date,
  userId: string,
  newCardsPerDay?: number,
): Promise<QuizScope> {
  const place = await resolvePlace(db, body);
  const review = body.quizType === 'review';
  const mode: SessionMode = review ? 'review' : body.type === 'practice' ? 'practice' : 'timed';
  const count = review ? REVIEW_SESSION_MAX_QUESTIONS : ADAPTIVE_QUESTION_COUNT;
  const timed = mode === 'timed' || body.timeLimitMinutes !== undefined;
  const totalTime = !timed
    ? UNTIMED_MINUTES
    : (body.timeLimitMinutes ?? count * ADAPTIVE_MINUTES_PER_QUESTION);
  const where = place.subject?.name ?? place.module?.name ?? place.exam.name;
  const scope: QuizScope = {
    quizType: review ? 'review' : 'adaptive',
    mode,
    timed,
    exam: place.exam,
    module: place.module,
    subject: place.subject,
    topic: null,
    subjects: [],
    questionCount: count,
    totalTime,
    sessionName: `${where} ${review ? 'Review' : 'Adaptive Quiz'} · ${formatSessionDate(now)}`,
    markingScheme: place.scheme,
    running: null,
  };
  scope.draw = async () => {
    const ids = review
      ? await dueDraw(db, userId, place.exam.id, count, newCardsPerDay)
      : await adaptiveDraw(db, userId, place, count);
    if (ids.length === 0)
      throw conflict(
        review ? practiceMessages.nothingDue(place.exam.name) : practiceMessages.noAdaptiveQuestions(where),
      );
    // The queue's order: due questions interleaved across topics, adaptive ones weakest topic first.
    return questionsByIds(db, ids);
  };
  const running = await findRunningAttempt(db, userId, scopeKeyOf(scope));
  if (running) scope.running = runningScopeAttempt(running);
  return scope;
}

/** The questions of a draw, in the draw's order; drafts and dropped ones are left out. */
async function questionsByIds(db: Db, ids: string[]): Promise<SelectedQuestion[]> {
  const result = await db.execute(sql`
    SELECT q.id, q.version, q.subject_id, sub.name AS subject_name, q.text, q.type,
      q.options::text AS options_json, p.text AS passage
    FROM unnest(${`{${ids.join(',')}}`}::uuid[]) WITH ORDINALITY AS d(id, pos)
    JOIN questions q ON q.id = d.id
    JOIN subjects sub ON sub.id = q.subject_id
    LEFT JOIN passages p ON p.id = q.passage_id
    WHERE q.status = 'approved' AND q.dropped_at IS NULL
    ORDER BY d.pos`);
  return (
    result.rows as unknown as {
      id: string;
      version: number;
      subject_id: string;
      subject_name: string;
      text: string;
      type: QuestionType;
      options_json: string;
      passage: string | null;
    }[]
  ).map((r) => ({
    id: r.id,
    version: Number(r.version),
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    text: r.text,
    type: r.type,
    passage: r.passage,
    options: JSON.parse(r.options_json) as string[],
  }));
}
