import { aiMessages, fullMarks, schemeById, type QuestionType } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { answerSheets, assessments, exams, modules, subjects, topics } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { PostFacts } from './templates.js';

/** What a post says about an attempt: its place in the catalogue, its kind and its marks. */
const KIND = {
  module: 'mock test',
  subject: 'subject quiz',
  topic: 'topic quiz',
  review: 'review session',
  adaptive: 'adaptive quiz',
} as const;

export const percentageOf = (score: number, totalMarks: number) =>
  totalMarks > 0 ? Math.round((score / totalMarks) * 1000) / 10 : 0;

export async function factsOf(db: Db, assessmentId: string): Promise<PostFacts> {
  const [row] = await db
    .select({
      quizType: assessments.quizType,
      score: assessments.score,
      totalMarks: assessments.totalMarks,
      totalQuestions: assessments.totalQuestions,
      exam: exams.name,
      module: modules.name,
      subject: subjects.name,
      topic: topics.name,
      scores: assessments.scores,
      markingScheme: assessments.markingScheme,
      questionTypes: answerSheets.questionTypes,
    })
    .from(assessments)
    .innerJoin(answerSheets, eq(answerSheets.assessmentId, assessments.id))
    .innerJoin(exams, eq(exams.id, assessments.examId))
    .innerJoin(modules, eq(modules.id, assessments.moduleId))
    .leftJoin(subjects, eq(subjects.id, assessments.subjectId))
    .leftJoin(topics, eq(topics.id, assessments.topicId))
    .where(eq(assessments.id, assessmentId));
  if (!row) throw notFound(aiMessages.assessmentNotFound);
  const score = row.score ?? 0;
  // As the result counts them: full marks are correct, some marks (JEE Advanced) partially correct.
  const scheme = schemeById(row.markingScheme);
  const types = row.questionTypes as QuestionType[];
  const marks = (row.scores ?? []).map((s, i) => ({ s, max: fullMarks(scheme, types[i] ?? 'single') }));
  return {
    exam: row.exam,
    module: row.module,
    subject: row.subject,
    topic: row.topic,
    kind: KIND[row.quizType],
    score,
    totalMarks: row.totalMarks,
    percentage: percentageOf(score, row.totalMarks).toFixed(1),
    correct: marks.filter(({ s, max }) => s !== null && s >= max).length,
    partial: marks.filter(({ s, max }) => s !== null && s > 0 && s < max).length,
    totalQuestions: row.totalQuestions,
  };
}
