import type { CreateAssessmentBody, SessionData } from '@ai-tutor/contract';
import {
  initialLocalState,
  mergeResumed,
  readLocalState,
  readPointer,
  removeLocalState,
  removePointer,
  writeLocalState,
  writePointer,
  type LocalQuizState,
} from './local-state';

export type BootResult =
  | { kind: 'ready'; state: LocalQuizState; offline: boolean }
  /** The learner's session ended while they were away (deadline passed, or submitted elsewhere). */
  | { kind: 'ended'; slug: string }
  | { kind: 'create-failed'; error: unknown }
  /** Neither the server nor a local copy can give us the session right now. */
  | { kind: 'unavailable'; error: unknown };

export interface Timed<T> {
  data?: T;
  error?: unknown;
  sentAt: number;
  receivedAt: number;
}

export interface BootDeps {
  userId: string;
  routeKey: string;
  path: string;
  /** null when the route's parameters cannot make a valid request. */
  body: CreateAssessmentBody | null;
  fetchSession: (slug: string) => Promise<Timed<SessionData>>;
  create: (body: CreateAssessmentBody) => Promise<Timed<SessionData>>;
  now: () => number;
  /** The learner chose "Start afresh": the running attempt is ended by the server, not resumed here. */
  startAfresh?: boolean;
  /** With startAfresh: the running attempt's slug the learner was shown; only that one is replaced. */
  replaces?: string;
}

const statusOf = (error: unknown) => (error as { status?: unknown } | undefined)?.status;

/** Server clock minus this browser's, taking the server's stamp as made halfway through the call. */
export function clockOffset(serverTime: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - (sentAt + receivedAt) / 2;
}

/**
 * Finds the in-progress assessment of this quiz route again (pointer in localStorage → GET session),
 * laying unsent local saves over it; or, with none, creates a new one. Offline with a local copy, the
 * test goes on from that copy and the queue sends everything once the network is back.
 */
export async function startOrResume(deps: BootDeps): Promise<BootResult> {
  const { userId, routeKey, now } = deps;
  const pointer = readPointer(userId, routeKey);
  if (pointer && deps.startAfresh) {
    removePointer(userId, routeKey);
    removeLocalState(pointer.assessmentId);
  } else if (pointer) {
    const local = readLocalState(pointer.assessmentId);
    const res = await deps.fetchSession(pointer.slug);
    if (res.data) {
      const { assessment } = res.data;
      if (!assessment.sessionCompleted) {
        const offset = clockOffset(assessment.serverTime, res.sentAt, res.receivedAt);
        const state = mergeResumed(res.data, local, offset, new Date(now()).toISOString());
        writeLocalState(state);
        return { kind: 'ready', state, offline: false };
      }
      if (local && !local.sessionCompleted) return { kind: 'ended', slug: assessment.slug };
      removePointer(userId, routeKey);
      removeLocalState(pointer.assessmentId);
    } else {
      const status = statusOf(res.error);
      if (status === 404 || status === 403 || status === 410) {
        removePointer(userId, routeKey);
        removeLocalState(pointer.assessmentId);
      } else if (local && !local.sessionCompleted) {
        return { kind: 'ready', state: local, offline: true };
      } else {
        return { kind: 'unavailable', error: res.error };
      }
    }
  }

  if (!deps.body) return { kind: 'create-failed', error: new Error('invalid quiz route') };
  const afresh = { startAfresh: true, ...(deps.replaces ? { replaces: deps.replaces } : {}) };
  const res = await deps.create(deps.startAfresh ? { ...deps.body, ...afresh } : deps.body);
  if (!res.data) return { kind: 'create-failed', error: res.error };
  const { assessment, evaluation, sections } = res.data;
  const offset = clockOffset(assessment.serverTime, res.sentAt, res.receivedAt);
  const state = initialLocalState(assessment, evaluation, offset, new Date(now()).toISOString(), sections);
  writeLocalState(state);
  writePointer(userId, routeKey, { assessmentId: assessment._id, slug: assessment.slug, path: deps.path });
  return { kind: 'ready', state, offline: false };
}

const inFlight = new Map<string, Promise<BootResult>>();

/** One start per route at a time: React's double effects in development must not create two tests. */
export function startOrResumeOnce(deps: BootDeps): Promise<BootResult> {
  const key = `${deps.userId}:${deps.routeKey}`;
  let running = inFlight.get(key);
  if (!running) {
    running = startOrResume(deps).finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return running;
}
