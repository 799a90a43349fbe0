import {
  paperSections,
  quizMessages,
  schemeById,
  type Assessment,
  type ResultData,
  type SessionData,
} from '@ai-tutor/contract';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { reportVisits } from './answer-sheets.js';
import { completeAssessment } from './complete.js';
import { parseEvaluationId } from './session-ids.js';
import type { QuizHooks, ResultSections } from './hooks.js';
import { resultEvaluations, sessionQuestions, toEvaluation } from './evaluation-views.js';
import { withTranslations } from './languages.js';
import { findOwnAssessment, sessionCorrectionsOf, toAssessment, type AssessmentRow } from './views.js';

export async function sessionData(db: Db, row: AssessmentRow): Promise<SessionData> {
  const rows = await sessionQuestions(db, row.id);
  const evaluation = rows.map((r) => toEvaluation(row.id, r));
  // While running, the stored count is 0 until completion; the live count helps a resuming client.
  const answered = row.sessionCompleted
    ? undefined
    : evaluation.filter((e) => e.status === 'answered').length;
  const assessment = toAssessment(row, answered);
  return withSections(
    { assessment, evaluation: await withTranslations(db, row.id, assessment, evaluation) },
    row.markingScheme,
  );
}

/** Adds the paper's sections, worked out from the questions' subjects and types and the scheme's marks. */
export function withSections(data: Omit<SessionData, 'sections'>, schemeId: string): SessionData {
  return { ...data, sections: paperSections(data.evaluation, schemeById(schemeId)) };
}

/**
 * The learner's own session by slug (404 for anyone else's, the same as for none). One past its
 * deadline and grace is completed before it is returned: reads never show a stale running session.
 */
export async function loadOwnAssessment(
  db: Db,
  hooks: QuizHooks,
  userId: string,
  slug: string,
): Promise<AssessmentRow> {
  const row = await findOwnAssessment(db, userId, slug);
  if (!row) throw notFound(quizMessages.assessmentNotFound);
  if (!row.expired) return row;
  await completeAssessment(db, hooks, row.id);
  const completed = await findOwnAssessment(db, userId, slug);
  if (!completed) throw notFound(quizMessages.assessmentNotFound);
  return completed;
}

export async function getSession(
  db: Db,
  hooks: QuizHooks,
  userId: string,
  slug: string,
): Promise<SessionData> {
  return sessionData(db, await loadOwnAssessment(db, hooks, userId, slug));
}

/** Submit: completes the session; submitting a completed one again just returns it. */
export async function submitSession(
  db: Db,
  hooks: QuizHooks,
  userId: string,
  slug: string,
  visited: string[] = [],
): Promise<Assessment> {
  const row = await loadOwnAssessment(db, hooks, userId, slug);
  if (row.sessionCompleted) return toAssessment(row);
  const positions = visited
    .map(parseEvaluationId)
    .filter((at) => at !== null && at.sessionId === row.id)
    .map((at) => at!.position);
  await reportVisits(db, userId, row.id, positions);
  await completeAssessment(db, hooks, row.id);
  const completed = await findOwnAssessment(db, userId, slug);
  if (!completed) throw notFound(quizMessages.assessmentNotFound);
  return toAssessment(completed);
}

/**
 * The result: only once completed, since it carries the answer key. Other areas may hold it back (a live
 * test until its ranking) and add their sections (the practice percentile, the coach): hooks.ts.
 */
export async function getResult(db: Db, hooks: QuizHooks, userId: string, slug: string): Promise<ResultData> {
  const row = await loadOwnAssessment(db, hooks, userId, slug);
  if (!row.sessionCompleted) {
    throw conflict(quizMessages.stillRunning);
  }
  await hooks.resultGate.run(row);
  const assessment = toAssessment(row);
  const evaluations = resultEvaluations(db, row.id, row.markingScheme).then((e) =>
    withTranslations(db, row.id, assessment, e, true),
  );
  const [read, corrections, sections] = await Promise.all([
    evaluations,
    sessionCorrectionsOf(db, row.id),
    hooks.resultSections.all(db, { userId, row, evaluations }),
  ]);
  return {
    assessment,
    evaluations: read,
    corrections,
    ...(Object.assign({}, ...sections) as ResultSections),
  };
}
