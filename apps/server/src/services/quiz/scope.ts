import {
  DEFAULT_MARKING_SCHEME,
  MARKING_SCHEME_NAMES,
  quizMessages,
  type CreateAssessmentBody,
  type MarkingSchemeName,
  type QuizType,
  type SessionMode,
  UNTIMED_SESSION_DAYS,
} from '@ai-tutor/contract';
import type { Db } from '../../db/client.js';
import { queryPrepared, type PreparedStatement } from '../../db/prepared.js';
import { notFound } from '../../lib/errors.js';
import type { SelectedQuestion } from './selection.js';

interface Named {
  id: string;
  name: string;
  slug: string;
}
export interface SubjectRef {
  id: string;
  name: string;
}
interface Sized extends Named {
  durationMinutes: number;
  questionCount: number;
}

/** What a new session covers: its place in the catalogue, how many questions, how long. */
export interface QuizScope {
  quizType: QuizType;
  /** docs/product.md#practice-and-review-sessions: timed test, practice or review. */
  mode: SessionMode;
  /** Has a countdown; an untimed session's totalTime is UNTIMED_MINUTES (the sweep's far deadline). */
  timed: boolean;
  /**
   * `shuffleOptions` false: the paper's option order for every taker (undefined: shuffled). Its
   * languages and the authoritative one (docs/languages.md); absent: one language.
   */
  exam: Named & { shuffleOptions?: boolean; languages?: string[]; authoritativeLanguage?: string };
  /** Null for a session drawn across an exam (review, adaptive without a module). */
  module: Sized | null;
  subject: Sized | null;
  topic: Sized | null;
  /** The subjects questions are drawn from, in catalogue order (all of the module's for a mock test). */
  subjects: SubjectRef[];
  questionCount: number;
  totalTime: number;
  sessionName: string;
  /** The module's scheme, else the exam's, else spec (docs/product.md#marking-schemes). */
  markingScheme: MarkingSchemeName;
  /** The learner's running attempt of this scope, if any (RunningScopeAttempt). */
  running: RunningScopeAttempt | null;
  /** Review and adaptive sessions draw their own questions (services/practice). */
  draw?: () => Promise<SelectedQuestion[]>;
}

/** `over` once its deadline has passed; `createdMs`, when it was started (the database's clock). */
export interface RunningScopeAttempt {
  id: string;
  /** What a start afresh names as the attempt it replaces (`replaces`). */
  slug: string;
  over: boolean;
  createdMs: number;
}

/** An untimed session's length in minutes: its deadline is only for the sweep (docs/product.md#practice-and-review-sessions). */
export const UNTIMED_MINUTES = UNTIMED_SESSION_DAYS * 24 * 60;

/**
 * The first part of a scope key. Timed module, subject and topic attempts keep their keys ("subject");
 * practice ones have their own ("practice:subject"), so a learner may practise a subject while its
 * timed quiz runs; review and adaptive ones are per exam ("review:review@<exam id>").
 */
export function scopeKindOf(mode: SessionMode, quizType: QuizType, examId: string): string {
  if (quizType === 'review' || quizType === 'adaptive') return `${mode}:${quizType}@${examId}`;
  return mode === 'timed' ? quizType : `${mode}:${quizType}`;
}

/** What one running attempt is of (docs/product.md#running-attempts): the kind and the catalogue ids. */
export function scopeKeyOf(scope: QuizScope): string {
  const kind = scopeKindOf(scope.mode, scope.quizType, scope.exam.id);
  return `${kind}:${scope.module?.id ?? ''}:${scope.subject?.id ?? ''}:${scope.topic?.id ?? ''}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "21 Nov 2026, 14:05" in the server's time zone (the TZ variable). Built by hand because ICU versions
 * disagree on short month names ("Sep" / "Sept").
 */
export function formatSessionDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface ScopeRow {
  exam_id: string;
  exam_name: string;
  exam_slug: string;
  shuffle_options: boolean;
  languages: string[];
  authoritative_language: string;
  module_json: string | null;
  subject_json: string | null;
  topic_json: string | null;
  module_subjects_json: string | null;
  marking_scheme: string;
  running_json: string | null;
}

const sizedJson = (t: string) =>
  `json_build_object('id', ${t}.id, 'name', ${t}.name, 'slug', ${t}.slug, ` +
  `'durationMinutes', ${t}.duration_minutes, 'questionCount', ${t}.question_count)::text`;

/**
 * $1 exam slug, $2 module slug, $3 subject slug, $4 topic slug (NULL when the quiz type has none),
 * $5 the learner, $6 the scope kind (scopeKindOf). One round trip for the whole path, each level looked up only
 * inside the one above it, and the learner's running attempt of the scope (its key as scopeKeyOf).
 */
const RESOLVE: PreparedStatement = {
  name: 'quiz_resolve_scope_v7',
  text: `
    SELECT e.id AS exam_id, e.name AS exam_name, e.slug AS exam_slug, e.shuffle_options,
      e.languages, e.authoritative_language,
      coalesce(m.marking_scheme, e.marking_scheme, '${DEFAULT_MARKING_SCHEME}') AS marking_scheme,
      CASE WHEN m.id IS NOT NULL THEN ${sizedJson('m')} END AS module_json,
      CASE WHEN s.id IS NOT NULL THEN ${sizedJson('s')} END AS subject_json,
      CASE WHEN t.id IS NOT NULL THEN ${sizedJson('t')} END AS topic_json,
      (SELECT json_agg(json_build_object('id', ms.id, 'name', ms.name) ORDER BY ms.sort_order, ms.name)
        FROM subjects ms WHERE ms.module_id = m.id)::text AS module_subjects_json,
      (SELECT json_build_object('id', a.id, 'slug', a.slug, 'over', a.deadline <= now(),
          'createdMs', extract(epoch from a.created_at) * 1000)::text FROM assessments a
        WHERE a.user_id = $5::uuid AND NOT a.session_completed
          AND a.scope_key = $6::text || ':' || m.id || ':' || coalesce(s.id::text, '') || ':' ||
            coalesce(t.id::text, '')) AS running_json
    FROM exams e
    LEFT JOIN modules m ON m.slug = $2::text AND m.exam_id = e.id
    LEFT JOIN subjects s ON s.slug = $3::text AND s.module_id = m.id
    LEFT JOIN topics t ON t.slug = $4::text AND t.subject_id = s.id
    WHERE e.slug = $1::text`,
};

const parse = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));

/**
 * Resolves the slugs of a create request. Each level must belong to the one above it: a subject of
 * another module is as unknown as a subject that does not exist (404).
 */
export async function resolveScope(
  db: Db,
  body: CreateAssessmentBody,
  now: Date,
  userId: string,
): Promise<QuizScope> {
  const withSubject = body.quizType !== 'module';
  const mode: SessionMode = body.type === 'practice' ? 'practice' : 'timed';
  const timed = mode === 'timed';
  const [row] = (await queryPrepared(db, RESOLVE, [
    body.examSlug,
    body.moduleSlug ?? '',
    withSubject ? (body.subjectSlug ?? '') : null,
    body.quizType === 'topic' ? (body.topicSlug ?? '') : null,
    userId,
    scopeKindOf(mode, body.quizType, ''),
  ])) as unknown as ScopeRow[];
  if (!row) throw notFound(quizMessages.scopeNotFound('Exam', body.examSlug));
  const exam = {
    id: row.exam_id,
    name: row.exam_name,
    slug: row.exam_slug,
    shuffleOptions: row.shuffle_options,
    languages: row.languages,
    authoritativeLanguage: row.authoritative_language,
  };
  const module = parse<Sized>(row.module_json);
  if (!module) throw notFound(quizMessages.scopeNotFound('Module', body.moduleSlug ?? '', exam.name));

  const when = formatSessionDate(now);
  const practice = timed ? '' : 'Practice · ';
  const markingScheme = (MARKING_SCHEME_NAMES as readonly string[]).includes(row.marking_scheme)
    ? (row.marking_scheme as MarkingSchemeName)
    : DEFAULT_MARKING_SCHEME;
  const running = parse<RunningScopeAttempt>(row.running_json);
  if (body.quizType === 'module') {
    return {
      quizType: 'module',
      mode,
      timed,
      exam,
      module,
      subject: null,
      topic: null,
      subjects: parse<SubjectRef[]>(row.module_subjects_json) ?? [],
      questionCount: module.questionCount,
      totalTime: timed ? module.durationMinutes : UNTIMED_MINUTES,
      sessionName: `${practice}${module.name} Mock Test · ${when}`,
      markingScheme,
      running,
    };
  }

  const subject = parse<Sized>(row.subject_json);
  if (!subject) throw notFound(quizMessages.scopeNotFound('Subject', body.subjectSlug ?? '', module.name));
  if (body.quizType === 'subject') {
    return {
      quizType: 'subject',
      mode,
      timed,
      exam,
      module,
      subject,
      topic: null,
      subjects: [{ id: subject.id, name: subject.name }],
      questionCount: subject.questionCount,
      totalTime: timed ? subject.durationMinutes : UNTIMED_MINUTES,
      sessionName: `${practice}${subject.name} Quiz · ${when}`,
      markingScheme,
      running,
    };
  }

  const topic = parse<Sized>(row.topic_json);
  if (!topic) throw notFound(quizMessages.scopeNotFound('Topic', body.topicSlug ?? '', subject.name));
  return {
    quizType: 'topic',
    mode,
    timed,
    exam,
    module,
    subject,
    topic,
    subjects: [{ id: subject.id, name: subject.name }],
    questionCount: topic.questionCount,
    totalTime: timed ? topic.durationMinutes : UNTIMED_MINUTES,
    sessionName: `${practice}${topic.name} Quiz · ${when}`,
    markingScheme,
    running,
  };
}
