import { randomBytes, createHash } from 'node:crypto';
import {
  DEFAULT_TOPIC_DURATION_MINUTES,
  DEFAULT_TOPIC_QUESTION_COUNT,
  keyText,
  type CreateAssessmentBody,
  type MarkingSchemeName,
  type QuestionKey,
  type ResultData,
  type SessionData,
} from '@ai-tutor/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import {
  answerSheets,
  assessments,
  exams,
  modules,
  questions,
  subjects,
  topics,
} from '../../src/db/schema.js';
import type { TestLearner } from './learner.js';
import { evaluationId } from '../../src/services/quiz/session-ids.js';
import { keyColumns } from './question-key.js';

/**
 * A small catalogue written straight to the database (the real importer and seed are another area's),
 * plus the quiz calls the quiz and results tests share. Slugs get a random suffix, so several
 * catalogues can live in one test file.
 */

export interface QuestionSpec {
  text?: string;
  /** Empty for a free-text question. */
  options?: string[];
  answer?: string;
  /** A multiple-correct or numerical key (then `answer` is not used). */
  key?: QuestionKey;
  explanation?: string | null;
  /** Authored hints, levels 1–3. */
  hints?: string[];
  status?: 'draft' | 'review' | 'approved' | 'retired';
  /** Index into the subject's topics. */
  topic?: number;
}
export interface SubjectSpec {
  name: string;
  questionCount?: number;
  durationMinutes?: number;
  topics?: { name: string; questionCount?: number; durationMinutes?: number }[];
  /** A number makes that many four-option questions (answer: the first option, topic: none). */
  questions?: number | QuestionSpec[];
}
export interface CatalogueSpec {
  examName?: string;
  module?: {
    name?: string;
    questionCount?: number;
    durationMinutes?: number;
    markingScheme?: MarkingSchemeName;
  };
  subjects: SubjectSpec[];
}

export interface Ref {
  id: string;
  name: string;
  slug: string;
}
export interface TestCatalogue {
  exam: Ref;
  module: Ref;
  subjects: (Ref & { topics: Ref[]; questionIds: string[] })[];
}

const suffix = () => randomBytes(4).toString('hex');
const slugOf = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${suffix()}`;

export function optionQuestions(subject: string, n: number, topic?: number): QuestionSpec[] {
  return Array.from({ length: n }, (_, i) => ({
    text: `${subject} question ${i + 1}`,
    options: [`${subject} ${i + 1} right`, `${subject} ${i + 1} wrong a`, `${subject} ${i + 1} wrong b`],
    answer: `${subject} ${i + 1} right`,
    explanation: `Because ${subject} ${i + 1}.`,
    topic,
  }));
}

/**
 * A four-question mock test over two subjects of four questions each: Physics, whose questions are
 * `optionQuestions('Phy', 4)` in its topic Waves, and Chemistry, without topics.
 */
export const twoSubjectMock = (): CatalogueSpec => ({
  module: { questionCount: 4 },
  subjects: [
    {
      name: 'Physics',
      questionCount: 4,
      topics: [{ name: 'Waves' }],
      questions: optionQuestions('Phy', 4, 0),
    },
    { name: 'Chemistry', questionCount: 4, questions: 4 },
  ],
});

export async function insertCatalogue(db: Db, spec: CatalogueSpec): Promise<TestCatalogue> {
  const examName = spec.examName ?? 'JEE';
  const [exam] = await db
    .insert(exams)
    .values({ name: examName, slug: slugOf(examName) })
    .returning({ id: exams.id, name: exams.name, slug: exams.slug });
  const moduleName = spec.module?.name ?? 'JEE Main';
  const [module] = await db
    .insert(modules)
    .values({
      examId: exam!.id,
      name: moduleName,
      slug: slugOf(moduleName),
      questionCount: spec.module?.questionCount ?? 10,
      durationMinutes: spec.module?.durationMinutes ?? 180,
      markingScheme: spec.module?.markingScheme ?? null,
    })
    .returning({ id: modules.id, name: modules.name, slug: modules.slug });

  const out: TestCatalogue = { exam: exam!, module: module!, subjects: [] };
  for (const [order, s] of spec.subjects.entries()) {
    const [subject] = await db
      .insert(subjects)
      .values({
        moduleId: module!.id,
        name: s.name,
        slug: slugOf(s.name),
        questionCount: s.questionCount ?? 5,
        durationMinutes: s.durationMinutes ?? 30,
        sortOrder: order,
      })
      .returning({ id: subjects.id, name: subjects.name, slug: subjects.slug });
    const topicRefs: Ref[] = [];
    for (const [i, t] of (s.topics ?? []).entries()) {
      const [topic] = await db
        .insert(topics)
        .values({
          subjectId: subject!.id,
          name: t.name,
          slug: slugOf(t.name),
          questionCount: t.questionCount ?? DEFAULT_TOPIC_QUESTION_COUNT,
          durationMinutes: t.durationMinutes ?? DEFAULT_TOPIC_DURATION_MINUTES,
          sortOrder: i,
        })
        .returning({ id: topics.id, name: topics.name, slug: topics.slug });
      topicRefs.push(topic!);
    }
    const specs =
      typeof s.questions === 'number' ? optionQuestions(s.name, s.questions) : (s.questions ?? []);
    const questionIds: string[] = [];
    for (const [i, q] of specs.entries()) {
      const text = q.text ?? `${s.name} free question ${i + 1}`;
      const [row] = await db
        .insert(questions)
        .values({
          subjectId: subject!.id,
          topicId: q.topic === undefined ? null : topicRefs[q.topic]!.id,
          text,
          textHash: createHash('sha256').update(text).digest('hex'),
          options: q.options ?? [],
          ...(q.key
            ? { type: q.key.type, key: q.key, answer: keyText(q.key) }
            : keyColumns(q.options ?? [], q.answer ?? `answer ${i + 1}`)),
          explanation: q.explanation === undefined ? null : q.explanation,
          hints: q.hints ?? [],
          status: q.status ?? 'approved',
        })
        .returning({ id: questions.id });
      questionIds.push(row!.id);
    }
    out.subjects.push({ ...subject!, topics: topicRefs, questionIds });
  }
  return out;
}

// ── Quiz calls ──────────────────────────────────────────────────────────────────────────────────────

export const subjectQuiz = (c: TestCatalogue, i = 0): CreateAssessmentBody => ({
  examSlug: c.exam.slug,
  quizType: 'subject',
  moduleSlug: c.module.slug,
  subjectSlug: c.subjects[i]!.slug,
  type: 'quiz',
});
export const moduleTest = (c: TestCatalogue): CreateAssessmentBody => ({
  examSlug: c.exam.slug,
  quizType: 'module',
  moduleSlug: c.module.slug,
  type: 'quiz',
});
export const topicQuiz = (c: TestCatalogue, subject = 0, topic = 0): CreateAssessmentBody => ({
  ...subjectQuiz(c, subject),
  quizType: 'topic',
  topicSlug: c.subjects[subject]!.topics[topic]!.slug,
});

/**
 * A new session. Tests start many of one scope in a row, so this asks to start afresh: the learner's
 * running attempt of that scope, if any, is submitted first (docs/product.md#running-attempts).
 */
export async function startSession(
  app: FastifyInstance,
  learner: TestLearner,
  body: CreateAssessmentBody,
): Promise<SessionData> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/assessment',
    headers: learner.headers,
    payload: { startAfresh: true, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: SessionData }).data;
}

export function save(
  app: FastifyInstance,
  learner: TestLearner,
  payload: {
    evaluationId: string;
    userAnswer?: string | string[];
    markedForReview?: boolean;
    timeSpentSeconds?: number;
  },
) {
  return app.inject({ method: 'POST', url: '/api/v1/evaluations', headers: learner.headers, payload });
}

/** `visited`: the evaluation ids the web app reports as opened (absent: no body, as older clients). */
export function submit(app: FastifyInstance, learner: TestLearner, slug: string, visited?: string[]) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/assessment/${slug}/submit`,
    headers: learner.headers,
    ...(visited ? { payload: { visited } } : {}),
  });
}

export async function fetchResult(
  app: FastifyInstance,
  learner: TestLearner,
  slug: string,
): Promise<ResultData> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/assessment/get-session/${slug}`,
    headers: learner.headers,
  });
  if (res.statusCode !== 200) throw new Error(`result failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: ResultData }).data;
}

/** evaluationId → the question's correct answer and its options, read from the database. */
export async function answerKey(
  db: Db,
  assessmentId: string,
): Promise<Map<string, { answer: string; options: string[] }>> {
  const [session] = await db
    .select({ questionIds: assessments.questionIds, options: answerSheets.options })
    .from(assessments)
    .innerJoin(answerSheets, eq(answerSheets.assessmentId, assessments.id))
    .where(eq(assessments.id, assessmentId));
  if (!session) return new Map();
  const keys = await db
    .select({ id: questions.id, answer: questions.answer })
    .from(questions)
    .where(inArray(questions.id, session.questionIds));
  const answerOf = new Map(keys.map((k) => [k.id, k.answer]));
  return new Map(
    session.questionIds.map((questionId, position) => [
      evaluationId(assessmentId, position),
      { answer: answerOf.get(questionId) ?? '', options: session.options[position] ?? [] },
    ]),
  );
}

/** A wrong answer for a question: another option, or free text that matches nothing. */
export const wrongAnswer = (key: { answer: string; options: string[] }) =>
  key.options.find((o) => o !== key.answer) ?? 'certainly not the answer';

/**
 * Moves a session into the past: it started `minutes` + totalTime ago and its deadline has passed (the
 * answer sheet's copy of the deadline with it).
 */
export async function expire(db: Db, assessmentId: string, secondsPastDeadline = 60): Promise<void> {
  await db
    .update(assessments)
    .set({
      deadline: sql`now() - make_interval(secs => ${secondsPastDeadline}::int)`,
      startTime: sql`now() - make_interval(secs => ${secondsPastDeadline}::int) - make_interval(mins => ${assessments.totalTime})`,
    })
    .where(eq(assessments.id, assessmentId));
  await db
    .update(answerSheets)
    .set({ deadline: sql`now() - make_interval(secs => ${secondsPastDeadline}::int)` })
    .where(eq(answerSheets.assessmentId, assessmentId));
}
