import { schemeById, type Assessment, type ResultCorrection } from '@ai-tutor/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  assessments,
  exams,
  keyCorrections,
  modules,
  scheduledTests,
  sessionCorrections,
  subjects,
  topics,
} from '../../db/schema.js';
import type { RunningScopeAttempt } from './scope.js';
import { languagesOf } from './languages.js';
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
  markingScheme: assessments.markingScheme,
  mode: assessments.mode,
  timed: assessments.timed,
  examName: exams.name,
  examSlug: exams.slug,
  // A paper in more than one language (docs/languages.md).
  examLanguages: exams.languages,
  authoritativeLanguage: exams.authoritativeLanguage,
  language: assessments.language,
  moduleId: modules.id,
  moduleName: modules.name,
  moduleSlug: modules.slug,
  subjectId: subjects.id,
  subjectName: subjects.name,
  subjectSlug: subjects.slug,
  topicId: topics.id,
  topicName: topics.name,
  topicSlug: topics.slug,
  // A live test's session (docs/product.md#live-test-rules): its score stays hidden until the test is ranked.
  liveTestId: scheduledTests.id,
  liveTestName: scheduledTests.name,
  // Its last window's close: a window re-opened for one learner may close after the test's.
  liveTestClosesAt:
    sql<Date | null>`greatest(${scheduledTests.closesAt}, ${scheduledTests.extendedUntil})`.mapWith(
      (value: string | Date | null) => (value === null ? null : new Date(value)),
    ),
  liveTestRankedAt: scheduledTests.rankedAt,
  /** Results held for checking until an operator releases them (docs/live-tests.md). */
  liveTestHeld: sql<
    boolean | null
  >`(${scheduledTests.release} = 'manual' AND ${scheduledTests.releasedAt} IS NULL)`,
  serverTimeMs: NOW_MS,
  /** Past the deadline and its grace, yet not completed: a read must complete it first. */
  expired: sql<boolean>`(not ${assessments.sessionCompleted} and now() > ${assessments.deadline} + ${GRACE})`,
};

export function selectAssessments(db: DbOrTx) {
  return db
    .select(assessmentColumns)
    .from(assessments)
    .innerJoin(exams, eq(exams.id, assessments.examId))
    .leftJoin(modules, eq(modules.id, assessments.moduleId))
    .leftJoin(subjects, eq(subjects.id, assessments.subjectId))
    .leftJoin(topics, eq(topics.id, assessments.topicId))
    .leftJoin(scheduledTests, eq(scheduledTests.id, assessments.scheduledTestId));
}
export type AssessmentRow = Awaited<ReturnType<typeof selectAssessments>>[number];
/** The live-test columns of a session row that is not a live test's. */
export const NOT_A_LIVE_TEST = {
  liveTestId: null,
  liveTestName: null,
  liveTestClosesAt: null,
  liveTestRankedAt: null,
  liveTestHeld: null,
} as const;

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

/** The learner's running attempt of a scope (docs/product.md#running-attempts), if any. */
export async function findRunningAttempt(
  db: DbOrTx,
  userId: string,
  scopeKey: string,
): Promise<AssessmentRow | undefined> {
  const [row] = await selectAssessments(db)
    .where(
      and(
        eq(assessments.userId, userId),
        eq(assessments.scopeKey, scopeKey),
        eq(assessments.sessionCompleted, false),
      ),
    )
    .limit(1);
  return row;
}

/** A running attempt as a start weighs it: over or not, and when it was started. */
export function runningScopeAttempt(row: AssessmentRow): RunningScopeAttempt {
  return {
    id: row.id,
    slug: row.slug,
    over: row.expired || row.deadline.getTime() <= row.serverTimeMs,
    createdMs: row.createdAt.getTime(),
  };
}

export function toAssessment(row: AssessmentRow, answeredOverride?: number): Assessment {
  return {
    _id: row.id,
    slug: row.slug,
    sessionName: row.sessionName,
    quizType: row.quizType,
    // The score exists only once completed (a live test's: once ranked); nothing before hints at it.
    score: row.sessionCompleted && (!row.liveTestId || row.liveTestRankedAt) ? row.score : null,
    totalMarks: row.totalMarks,
    totalTime: row.totalTime,
    startTime: row.startTime.toISOString(),
    endTime: iso(row.endTime),
    deadline: row.deadline.toISOString(),
    mode: row.mode,
    timed: row.timed,
    serverTime: isoMs(row.serverTimeMs),
    createdAt: row.createdAt.toISOString(),
    sessionCompleted: row.sessionCompleted,
    answeredQuestion: answeredOverride ?? row.answeredQuestion,
    totalQuestions: row.totalQuestions,
    exam: { name: row.examName, slug: row.examSlug },
    examModule:
      row.moduleId && row.moduleName && row.moduleSlug
        ? { id: row.moduleId, name: row.moduleName, slug: row.moduleSlug }
        : null,
    subject:
      row.subjectId && row.subjectName && row.subjectSlug
        ? { id: row.subjectId, name: row.subjectName, slug: row.subjectSlug }
        : null,
    topic:
      row.topicId && row.topicName && row.topicSlug
        ? { id: row.topicId, name: row.topicName, slug: row.topicSlug }
        : null,
    markingScheme: schemeView(row.markingScheme),
    ...languagesOf(row),
    ...(row.liveTestId && row.liveTestName && row.liveTestClosesAt
      ? {
          liveTest: {
            id: row.liveTestId,
            name: row.liveTestName,
            closesAt: row.liveTestClosesAt.toISOString(),
            resultsReady: row.liveTestRankedAt !== null,
          },
        }
      : {}),
  };
}

export function schemeView(id: string): Assessment['markingScheme'] {
  const scheme = schemeById(id);
  return { id: scheme.id, name: scheme.name, label: scheme.label };
}

/** The key corrections that changed a completed session's marks, oldest first. */
export async function sessionCorrectionsOf(db: DbOrTx, assessmentId: string): Promise<ResultCorrection[]> {
  const rows = await db
    .select({
      position: sessionCorrections.position,
      kind: keyCorrections.kind,
      reason: keyCorrections.reason,
      scoreBefore: sessionCorrections.scoreBefore,
      scoreAfter: sessionCorrections.scoreAfter,
      at: sessionCorrections.createdAt,
    })
    .from(sessionCorrections)
    .innerJoin(keyCorrections, eq(keyCorrections.id, sessionCorrections.correctionId))
    .where(eq(sessionCorrections.assessmentId, assessmentId))
    .orderBy(asc(sessionCorrections.createdAt));
  return rows.map((r) => ({
    questionNumber: r.position + 1,
    kind: r.kind,
    reason: r.reason,
    scoreBefore: r.scoreBefore,
    scoreAfter: r.scoreAfter,
    at: r.at.toISOString(),
  }));
}
