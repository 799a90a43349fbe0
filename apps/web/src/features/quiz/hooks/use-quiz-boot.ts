import { createAssessmentBody, type CreateAssessmentBody, type SessionData } from '@ai-tutor/contract';
import { useEffect, useState } from 'react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { createAssessmentApi } from '../api/create-assessment';
import { getSessionApi } from '../api/get-session';
import { startOrResumeOnce, type BootResult, type Timed } from '../lib/boot';
import { retryThroughQueue } from '../../../lib/queue-retry';
import { languageChoice } from '../../../lib/languages';

/** How the route runs its session: a timed test (docs/product.md#quiz-screen), practice, or a review session. */
export type QuizRouteMode = 'timed' | 'practice' | 'review';

export interface QuizRouteParams {
  /** Not a URL segment: the route (quiz, practice, review) says it. Timed when absent. */
  mode?: QuizRouteMode;
  examId?: string;
  type?: string;
  moduleId?: string;
  subjectId?: string;
  topicId?: string;
  /** A live test's id (the route's `?live=`): its attempt is kept apart from the module's mock tests. */
  scheduledTestId?: string;
}

/** A timed test's key is as before (pointers stored by earlier versions still resume); others say their mode. */
export const routeKeyOf = (p: QuizRouteParams) =>
  (p.mode && p.mode !== 'timed' ? `${p.mode}:` : '') +
  [p.examId, p.type, p.moduleId, p.subjectId ?? '', p.topicId ?? ''].map((part) => part ?? '').join('/') +
  (p.scheduledTestId ? `?live=${p.scheduledTestId}` : '');

/** The create body for the route, or null when the route cannot make a valid one. */
export function createBodyFor(p: QuizRouteParams): CreateAssessmentBody | null {
  // A review session is the exam's due questions: no scope but the exam (docs/product.md#review-queue).
  const parsed = createAssessmentBody.safeParse(
    p.mode === 'review'
      ? { examSlug: p.examId, quizType: 'review', type: 'practice' }
      : {
          examSlug: p.examId,
          quizType: p.type,
          ...(p.moduleId ? { moduleSlug: p.moduleId } : {}),
          ...(p.subjectId ? { subjectSlug: p.subjectId } : {}),
          ...(p.topicId ? { topicSlug: p.topicId } : {}),
          ...(p.scheduledTestId ? { scheduledTestId: p.scheduledTestId } : {}),
          type: p.mode === 'practice' ? 'practice' : 'quiz',
        },
  );
  const language = languageChoice();
  if (parsed.success && language) return { ...parsed.data, language };
  return parsed.success ? parsed.data : null;
}

export type BootState = { phase: 'loading' } | ({ phase: 'done' } & BootResult);

export interface BootOptions {
  /** Sends `startAfresh: true`: the scope's running attempt ends and a new one starts. */
  startAfresh: boolean;
  /** With startAfresh: the slug of the attempt to replace (decision 0015). */
  replaces?: string;
  /** Told while the start waits in the exam-day queue. */
  onQueued: (queued: boolean) => void;
  sleep?: (ms: number) => Promise<void>;
}

/** Starts or resumes the quiz of this route once per (user, route, attempt). */
export function useQuizBoot(
  params: QuizRouteParams,
  userId: string,
  path: string,
  attempt: number,
  now: () => number,
  options: BootOptions,
): BootState {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const routeKey = routeKeyOf(params);
  const [state, setState] = useState<{ key: string; value: BootState }>({
    key: '',
    value: { phase: 'loading' },
  });
  const requestKey = `${userId}|${routeKey}|${attempt}`;

  useEffect(() => {
    let active = true;
    const timed = async <T>(run: () => Promise<{ data?: T; error?: unknown }>): Promise<Timed<T>> => {
      const sentAt = now();
      const result = await run();
      return { ...result, sentAt, receivedAt: now() };
    };
    void startOrResumeOnce({
      userId,
      routeKey,
      path,
      body: createBodyFor(params),
      now,
      startAfresh: options.startAfresh,
      ...(options.replaces ? { replaces: options.replaces } : {}),
      fetchSession: (slug) =>
        timed<SessionData>(() =>
          dispatch(
            getSessionApi.endpoints.getAssessmentSession.initiate(slug, {
              subscribe: false,
              forceRefetch: true,
            }),
          ),
        ),
      create: (body) =>
        // Each try timed on its own: the clock offset must not count the time spent queued.
        retryThroughQueue(
          () =>
            timed<SessionData>(async () => {
              const request = dispatch(createAssessmentApi.endpoints.createAssessment.initiate(body));
              const result = await request;
              request.reset();
              return result;
            }),
          { now, onQueued: options.onQueued, ...(options.sleep ? { sleep: options.sleep } : {}) },
        ),
    }).then((result) => {
      if (active) setState({ key: requestKey, value: { phase: 'done', ...result } });
    });
    return () => {
      active = false;
    };
    // params are read through routeKey; the request runs again only for a new user, route or attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  return state.key === requestKey ? state.value : { phase: 'loading' };
}
