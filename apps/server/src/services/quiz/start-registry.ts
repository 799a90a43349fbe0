import type { CreateAssessmentBody, Evaluation, SessionData } from '@ai-tutor/contract';
import type { Db } from '../../db/client.js';
import type { QuizHooks } from './hooks.js';
import type { QuizScope } from './scope.js';

/**
 * How areas other than the quiz core take part in a start, registered by their plugins when they load
 * (plugins/app/live-tests.ts, practice.ts): the core's start path imports none of them. A start asks
 * each registered strategy in order of registration; the first that answers decides.
 */

export interface StartedSession extends SessionData {
  /** True when the learner already had this attempt running: it is answered as it stands. */
  resumed: boolean;
}

export interface StartRequest {
  db: Db;
  hooks: QuizHooks;
  userId: string;
  body: CreateAssessmentBody;
  /** A review session's share of new cards (REVIEW_NEW_CARDS_PER_DAY). */
  newCardsPerDay?: number;
}

/** A start of its own kind (a live test's fixed paper): its answer, or null when the body is not of it. */
export type OwnStart = (request: StartRequest) => Promise<StartedSession> | null;
/** A scope resolved and drawn by its area (review, adaptive): the scope, or null when not of it. */
export type ScopeResolver = (request: StartRequest, now: Date) => Promise<QuizScope> | null;
/** Says why a catalogue scope's draw came back empty, by throwing; returns when it has nothing to say. */
export type EmptyDrawReason = (db: Db, userId: string, scope: QuizScope, scopeName: string) => Promise<void>;
/** The by-position fields an untimed session's new question starts with (nothing checked, no hints). */
export type UncheckedFields = () => Partial<Evaluation>;

export function createStartRegistry() {
  const own: OwnStart[] = [];
  const scopes: ScopeResolver[] = [];
  const emptyDraw: EmptyDrawReason[] = [];
  let unchecked: UncheckedFields = () => ({});
  return {
    ownStart: (strategy: OwnStart) => void own.push(strategy),
    scope: (resolver: ScopeResolver) => void scopes.push(resolver),
    emptyDrawReason: (reason: EmptyDrawReason) => void emptyDraw.push(reason),
    uncheckedFields: (fields: UncheckedFields) => void (unchecked = fields),
    /** The registered strategies, as a start reads them. */
    get strategies() {
      return { own, scopes, emptyDraw, unchecked };
    },
  };
}
export type StartRegistry = ReturnType<typeof createStartRegistry>;
