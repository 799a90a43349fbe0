import type { Assessment, Evaluation, ResultEvaluation } from '@ai-tutor/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { assessments, evaluations, exams, modules, questions, subjects, topics } from '../../db/schema.js';
import { GRACE, iso, isoMs, NOW_MS } from './sql.js';

/**
 * Reading sessions and turning rows into the contract shapes. The running view never selects the
 * question's answer or explanation, nor the evaluation's score: what is not read cannot leak.
 */

const assessmentColumns = {
  id: assessments.id,
  slug: assessments.slug,
  userId: assessments.userId,
  quizType: assessments.quizType,
  sessionName: assessments.sessionName,
  score: assessments.score,
  totalMarks: assessments.totalMarks,
  totalTime: assessments.totalTime,
  startTime: assessments.startTime,
  endTime: assessments.endTime,
  deadline: assessments.deadline,
  createdAt: assessments.createdAt,
  sessionCompleted: assessments.sessionCompleted,
  answeredQuestion: assessments.answeredQuestion,
  totalQuestions: assessments.totalQuestions,
  examName: exams.name,
  examSlug: exams.slug,
  moduleId: modules.id,
  moduleName: modules.name,
  moduleSlug: modules.slug,
  subjectId: subjects.id,
  subjectName: subjects.name,
  subjectSlug: subjects.slug,
  topicId: topics.id,
  topicName: topics.name,
  topicSlug: topics.slug,
  serverTimeMs: NOW_MS,
  /** Past the deadline and its grace, yet not completed: a read must complete it first. */
  expired: sql<boolean>`(not ${assessments.sessionCompleted} and now() > ${assessments.deadline} + ${GRACE})`,
};

export function selectAssessments(db: DbOrTx) {
  return db
    .select(assessmentColumns)
    .from(assessments)
    .innerJoin(exams, eq(exams.id, assessments.examId))
    .innerJoin(modules, eq(modules.id, assessments.moduleId))
    .leftJoin(subjects, eq(subjects.id, assessments.subjectId))
    .leftJoin(topics, eq(topics.id, assessments.topicId));
}
export type AssessmentRow = Awaited<ReturnType<typeof selectAssessments>>[number];

/** The learner's own assessment by slug; another learner's is simply not found. */
export async function findOwnAssessment(
  db: DbOrTx,
  userId: string,
  slug: string,
): Promise<AssessmentRow | undefined> {
  const [row] = await selectAssessments(db)
    .where(and(eq(assessments.slug, slug), eq(assessments.userId, userId)))
    .limit(1);
  return row;
}

export function toAssessment(row: AssessmentRow, answeredOverride?: number): Assessment {
  return {
    _id: row.id,
    slug: row.slug,
    sessionName: row.sessionName,
    quizType: row.quizType,
    // The score exists only once completed; nothing before that hints at it.
    score: row.sessionCompleted ? row.score : null,
    totalMarks: row.totalMarks,
    totalTime: row.totalTime,
    startTime: row.startTime.toISOString(),
    endTime: iso(row.endTime),
    deadline: row.deadline.toISOString(),
    serverTime: isoMs(row.serverTimeMs),
    createdAt: row.createdAt.toISOString(),
    sessionCompleted: row.sessionCompleted,
    answeredQuestion: answeredOverride ?? row.answeredQuestion,
    totalQuestions: row.totalQuestions,
    exam: { name: row.examName, slug: row.examSlug },
    examModule: { id: row.moduleId, name: row.moduleName, slug: row.moduleSlug },
    subject:
      row.subjectId && row.subjectName && row.subjectSlug
        ? { id: row.subjectId, name: row.subjectName, slug: row.subjectSlug }
        : null,
    topic:
      row.topicId && row.topicName && row.topicSlug
        ? { id: row.topicId, name: row.topicName, slug: row.topicSlug }
        : null,
  };
}

export interface RunningEvaluationRow {
  id: string;
  options: string[];
  userAnswer: string | null;
  status: 'answered' | 'not_answered';
  markedForReview: boolean;
  questionText: string;
  subjectId: string;
  subjectName: string;
}

const runningColumns = {
  id: evaluations.id,
  options: evaluations.options,
  userAnswer: evaluations.userAnswer,
  status: evaluations.status,
  markedForReview: evaluations.markedForReview,
  questionText: questions.text,
  subjectId: subjects.id,
  subjectName: subjects.name,
};

export async function runningEvaluations(db: DbOrTx, assessmentId: string): Promise<RunningEvaluationRow[]> {
  return db
    .select(runningColumns)
    .from(evaluations)
    .innerJoin(questions, eq(questions.id, evaluations.questionId))
    .innerJoin(subjects, eq(subjects.id, questions.subjectId))
    .where(eq(evaluations.assessmentId, assessmentId))
    .orderBy(asc(evaluations.position));
}

export function toEvaluation(row: RunningEvaluationRow): Evaluation {
  return {
    _id: row.id,
    baseQuestion: {
      questionText: row.questionText,
      options: row.options,
      subject: { id: row.subjectId, name: row.subjectName },
    },
    userAnswer: row.userAnswer,
    status: row.status,
    markedForReview: row.markedForReview,
  };
}

/** After completion only: the answer key, explanation, score, time spent and topic. */
export async function resultEvaluations(db: DbOrTx, assessmentId: string): Promise<ResultEvaluation[]> {
  const rows = await db
    .select({
      ...runningColumns,
      baseAnswer: questions.answer,
      explanation: questions.explanation,
      score: evaluations.score,
      timeSpentSeconds: evaluations.timeSpentSeconds,
      gradingNote: evaluations.gradingNote,
      topicId: topics.id,
      topicName: topics.name,
    })
    .from(evaluations)
    .innerJoin(questions, eq(questions.id, evaluations.questionId))
    .innerJoin(subjects, eq(subjects.id, questions.subjectId))
    .leftJoin(topics, eq(topics.id, questions.topicId))
    .where(eq(evaluations.assessmentId, assessmentId))
    .orderBy(asc(evaluations.position));
  return rows.map((row) => ({
    ...toEvaluation(row),
    baseAnswer: row.baseAnswer,
    explanation: row.explanation,
    score: row.score,
    timeSpentSeconds: row.timeSpentSeconds,
    topic: row.topicId && row.topicName ? { id: row.topicId, name: row.topicName } : null,
    gradingNote: row.gradingNote,
  }));
}
