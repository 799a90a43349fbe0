import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useDispatch } from 'react-redux';
import { getSessionApi } from '../api/get-session';
import { saveEvaluationApi } from '../api/save-evaluation';
import type { LocalQuizState, PendingSave } from '../lib/local-state';
import { QuizStore, type QuizSnapshot, type QuizStoreHandlers } from '../lib/quiz-store';
import type { SendOutcome } from '../lib/save-queue';

const PERMANENT = new Set([400, 403, 404, 413, 422]);

/** Reads an RTK Query error as the queue needs it. */
export function outcomeOfError(error: unknown): Extract<SendOutcome, { ok: false }> {
  const e = error as { status?: unknown; data?: { message?: unknown } } | undefined;
  const message = typeof e?.data?.message === 'string' ? e.data.message : undefined;
  if (e?.status === 409) return { ok: false, kind: 'ended', ...(message ? { message } : {}) };
  if (typeof e?.status === 'number' && PERMANENT.has(e.status)) {
    return { ok: false, kind: 'rejected', ...(message ? { message } : {}) };
  }
  // A status (5xx, 429, 408) or an unreadable body: the server answered. FETCH_ERROR, TIMEOUT_ERROR: it did not.
  const answered = typeof e?.status === 'number' || e?.status === 'PARSING_ERROR';
  return { ok: false, kind: 'retry', cause: answered ? 'server' : 'network' };
}

export interface QuizStoreOptions {
  now: () => number;
  retryBaseMs?: number;
}

/** One QuizStore for the running session, started while mounted, read with useSyncExternalStore. */
export function useQuizStore(
  initial: LocalQuizState,
  options: QuizStoreOptions,
  handlers: QuizStoreHandlers,
): [QuizStore, QuizSnapshot] {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const [store] = useState(
    () =>
      new QuizStore(initial, {
        now: options.now,
        ...(options.retryBaseMs !== undefined ? { baseDelayMs: options.retryBaseMs } : {}),
        send: async (save: PendingSave): Promise<SendOutcome> => {
          const sentAt = options.now();
          const request = dispatch(saveEvaluationApi.endpoints.saveEvaluation.initiate(save));
          const result = await request;
          request.reset();
          const receivedAt = options.now();
          if (result.data) return { ok: true, serverTime: result.data.serverTime, sentAt, receivedAt };
          const outcome = outcomeOfError(result.error);
          if (outcome.kind !== 'ended') return outcome;
          // A 409 should mean the session is over, but make sure before leaving the test: ask the server.
          const session = await dispatch(
            getSessionApi.endpoints.getAssessmentSession.initiate(initial.assessment.slug, {
              subscribe: false,
              forceRefetch: true,
            }),
          );
          if (session.data && !session.data.assessment.sessionCompleted)
            return { ok: false, kind: 'retry', cause: 'server' };
          if (!session.data) {
            const checked = outcomeOfError(session.error);
            if (checked.kind === 'retry') return checked;
          }
          return outcome;
        },
      }),
  );

  useEffect(() => {
    store.setHandlers(handlers);
  }, [store, handlers]);

  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);

  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return [store, snapshot];
}
