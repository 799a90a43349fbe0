import { randomBytes } from 'node:crypto';
import { currentScheme, DEFAULT_LANGUAGE } from '@ai-tutor/contract';
import type { Db } from '../../db/client.js';
import { paperJson, prebuiltPaper } from './paper-bodies.js';
import { startFromPool } from './paper-pool.js';
import type { QuizScope } from './scope.js';
import { newSessionId } from './session-ids.js';
import { sessionData } from './session.js';
import type { StartedSession, StartRegistry } from './start-registry.js';
import { findOwnAssessment, NOT_A_LIVE_TEST, toAssessment, type AssessmentRow } from './views.js';

/** 72 random bits, URL-safe: slugs appear in result links and must not be guessable or enumerable. */
export const newSlug = () => randomBytes(9).toString('base64url');

/** What a start's insert returns of the new session (the database's clock). */
export interface CreatedRow {
  start_ms: number;
  deadline_ms: number;
  created_ms: number;
  server_ms: number;
  /** With the learner's extra time. */
  total_time: number;
}

/** A start from a drawn-ahead paper: its `data` already written as JSON (paper-bodies.ts). */
export interface PrebuiltStart {
  resumed: false;
  json: string;
}

/** The new session's row as a read would give it, from the scope and what its insert returned. */
export function newSessionRow(
  session: { id: string; slug: string; userId: string; language: string | null },
  scope: QuizScope,
  paper: { totalMarks: number; totalQuestions: number },
  created: CreatedRow,
): AssessmentRow {
  const { id, slug, userId, language } = session;
  const { totalMarks, totalQuestions } = paper;
  const scheme = currentScheme(scope.markingScheme);
  return {
    id,
    slug,
    userId,
    quizType: scope.quizType,
    sessionName: scope.sessionName,
    score: null,
    totalMarks,
    totalTime: Number(created.total_time),
    startTime: new Date(Number(created.start_ms)),
    endTime: null,
    deadline: new Date(Number(created.deadline_ms)),
    createdAt: new Date(Number(created.created_ms)),
    sessionCompleted: false,
    answeredQuestion: 0,
    totalQuestions,
    markingScheme: scheme.id,
    mode: scope.mode,
    timed: scope.timed,
    examName: scope.exam.name,
    examSlug: scope.exam.slug,
    moduleId: scope.module?.id ?? null,
    moduleName: scope.module?.name ?? null,
    moduleSlug: scope.module?.slug ?? null,
    subjectId: scope.subject?.id ?? null,
    subjectName: scope.subject?.name ?? null,
    subjectSlug: scope.subject?.slug ?? null,
    topicId: scope.topic?.id ?? null,
    topicName: scope.topic?.name ?? null,
    topicSlug: scope.topic?.slug ?? null,
    ...NOT_A_LIVE_TEST,
    examLanguages: scope.exam.languages ?? [],
    authoritativeLanguage: scope.exam.authoritativeLanguage ?? DEFAULT_LANGUAGE,
    language,
    serverTimeMs: Number(created.server_ms),
    expired: false,
  };
}

/**
 * A start from a drawn-ahead paper (paper-pool.ts): undefined when no variant fits (draw afresh), null
 * when the scope was taken meanwhile. Its response is the prebuilt paper with this session's own fields;
 * a paper this instance cannot build as the session holds it is read back like a resumed session.
 */
export async function fromPool(
  db: Db,
  registry: StartRegistry,
  userId: string,
  scope: QuizScope,
  scopeKey: string,
  language: string | null,
): Promise<StartedSession | PrebuiltStart | null | undefined> {
  const session = { id: newSessionId(), slug: newSlug(), userId, language };
  const started = await startFromPool(db, { ...session, scopeKey }, scope);
  if (!started) return undefined;
  if (!started.created) return null;
  const row = newSessionRow(session, scope, started, started.created);
  const paper = await prebuiltPaper(
    db,
    started.variantId,
    started.order,
    scope,
    registry.strategies.unchecked,
  );
  if (paper) return { resumed: false, json: paperJson(paper, session.id, toAssessment(row)) };
  const own = await findOwnAssessment(db, userId, session.slug);
  return own ? { ...(await sessionData(db, own)), resumed: false } : null;
}
