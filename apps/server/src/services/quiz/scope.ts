import type { CreateAssessmentBody, QuizType } from '@ai-tutor/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { exams, modules, subjects, topics } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';

interface Named {
  id: string;
  name: string;
  slug: string;
}
interface Sized extends Named {
  durationMinutes: number;
  questionCount: number;
}

/** What a new session covers: its place in the catalogue, how many questions, how long. */
export interface QuizScope {
  quizType: QuizType;
  exam: Named;
  module: Sized;
  subject: Sized | null;
  topic: Sized | null;
  /** The subjects questions are drawn from, in catalogue order (all of the module's for a mock test). */
  subjectIds: string[];
  questionCount: number;
  totalTime: number;
  sessionName: string;
}

const sized = { id: true, name: true, slug: true, durationMinutes: true, questionCount: true } as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "21 Nov 2026, 14:05" in the server's time zone (the TZ variable). Built by hand because ICU versions
 * disagree on short month names ("Sep" / "Sept").
 */
export function formatSessionDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Resolves the slugs of a create request. Each level must belong to the one above it: a subject of
 * another module is as unknown as a subject that does not exist (404).
 */
export async function resolveScope(db: DbOrTx, body: CreateAssessmentBody, now: Date): Promise<QuizScope> {
  const exam = await db.query.exams.findFirst({
    where: eq(exams.slug, body.examSlug),
    columns: { id: true, name: true, slug: true },
  });
  if (!exam) throw notFound(`Exam "${body.examSlug}" not found`);
  const module = await db.query.modules.findFirst({
    where: and(eq(modules.slug, body.moduleSlug), eq(modules.examId, exam.id)),
    columns: sized,
  });
  if (!module) throw notFound(`Module "${body.moduleSlug}" not found in ${exam.name}`);

  const when = formatSessionDate(now);
  if (body.quizType === 'module') {
    const moduleSubjects = await db
      .select({ id: subjects.id })
      .from(subjects)
      .where(eq(subjects.moduleId, module.id))
      .orderBy(asc(subjects.sortOrder), asc(subjects.name));
    return {
      quizType: 'module',
      exam,
      module,
      subject: null,
      topic: null,
      subjectIds: moduleSubjects.map((s) => s.id),
      questionCount: module.questionCount,
      totalTime: module.durationMinutes,
      sessionName: `${module.name} Mock Test · ${when}`,
    };
  }

  const subjectSlug = body.subjectSlug ?? '';
  const subject = await db.query.subjects.findFirst({
    where: and(eq(subjects.slug, subjectSlug), eq(subjects.moduleId, module.id)),
    columns: sized,
  });
  if (!subject) throw notFound(`Subject "${subjectSlug}" not found in ${module.name}`);
  if (body.quizType === 'subject') {
    return {
      quizType: 'subject',
      exam,
      module,
      subject,
      topic: null,
      subjectIds: [subject.id],
      questionCount: subject.questionCount,
      totalTime: subject.durationMinutes,
      sessionName: `${subject.name} Quiz · ${when}`,
    };
  }

  const topicSlug = body.topicSlug ?? '';
  const topic = await db.query.topics.findFirst({
    where: and(eq(topics.slug, topicSlug), eq(topics.subjectId, subject.id)),
    columns: sized,
  });
  if (!topic) throw notFound(`Topic "${topicSlug}" not found in ${subject.name}`);
  return {
    quizType: 'topic',
    exam,
    module,
    subject,
    topic,
    subjectIds: [subject.id],
    questionCount: topic.questionCount,
    totalTime: topic.durationMinutes,
    sessionName: `${topic.name} Quiz · ${when}`,
  };
}
