import { Suspense, type ComponentType } from 'react';
import { matchPath, matchRoutes, Navigate, useRoutes, type Params, type RouteObject } from 'react-router';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { apiPaths, buildPath } from '@ai-tutor/contract';
import { FullPageSpinner } from '../components/ui/FullPageSpinner';
import { callApi, type ApiResult, type CallContext } from '../lib/base-query';
import { lazyScreen } from '../lib/lazy-screen';
import { paths } from '../lib/paths';
import {
  PublicOnly,
  RequireAuth,
  RequireInviteUnused,
  RequireInviteUsed,
  RequireUnverified,
  RequireVerified,
} from './guards';
import { PublicLayout } from './layouts/PublicLayout';
// The sign-in screen is most visitors' first page: part of the entry, it renders without waiting for
// one more round trip to fetch its chunk (Lighthouse on a slow mobile connection: ~0.6 s to first paint).
import LoginPage from './routes/login';

type Load = () => Promise<unknown>;
export type AppThunkDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
/** The answer to a screen's data request made at start-up (startRouteData), before its code arrived. */
export type EarlyData = Promise<ApiResult>;
/** A screen's module: its component and, optionally, the data to start fetching with its code. */
interface ScreenModule {
  default: ComponentType;
  /** Starts the screen's data, or stores `early`'s answer; the screen waits for its promise. */
  prefetch?: (params: Params, dispatch: AppThunkDispatch, early?: EarlyData) => void | Promise<void>;
}
interface ScreenHandle {
  preload?: Load;
  /** The screen's main data request, made at start-up alongside the current user's (main.tsx). */
  data?: (params: Params) => FetchArgs;
}

/** The screens that declare a data request, for startRouteData. */
const dataRoutes: { path: string; data: NonNullable<ScreenHandle['data']> }[] = [];

/** Each other screen is its own chunk: /login never downloads the quiz, charts or KaTeX. */
const page = (path: string, load: () => Promise<ScreenModule>, data?: ScreenHandle['data']): RouteObject => {
  const { Screen, load: preload } = lazyScreen(load);
  if (data) dataRoutes.push({ path, data });
  return {
    path,
    element: (
      <Suspense fallback={<FullPageSpinner />}>
        <Screen />
      </Suspense>
    ),
    handle: { preload: preload satisfies Load, data } satisfies ScreenHandle,
  };
};

/**
 * One import for the quiz, practice and review-session routes (one screen, its mode from the path), and
 * one for the tutor's other screens (which loads the one it shows): each import costs /login's entry
 * its list of chunks to preload.
 */
const quizScreen = () => import('./routes/quiz');
const tutorScreens = () => import('./routes/tutor');

/** The signed-in frame (top bar, account menu, logout) is not needed by the sign-in screens. */
const { Screen: AuthLayout, load: loadAuthLayout } = lazyScreen(() =>
  import('./layouts/AuthLayout').then((m) => ({ default: m.AuthLayout })),
);

export const routes: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.login, element: <LoginPage /> },
          page(paths.register, () => import('./routes/register')),
          page(paths.forgetPassword, () => import('./routes/forget-password')),
          page('/verify-otp/:email', () => import('./routes/verify-otp')),
          page('/reset-password', () => import('./routes/reset-password')),
        ],
      },
    ],
  },
  {
    // Footer links must not bounce back to /exams: short public pages, for everyone.
    element: <PublicLayout />,
    children: [
      page(paths.privacy, () => import('./routes/privacy')),
      page(paths.terms, () => import('./routes/terms')),
      page(paths.contact, () => import('./routes/contact')),
      // A post's link lets any reader check the score is real; open to everyone.
      page('/achievements/:id', () => import('./routes/achievement')),
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: (
          <Suspense fallback={<FullPageSpinner />}>
            <AuthLayout />
          </Suspense>
        ),
        handle: { preload: loadAuthLayout satisfies Load },
        children: [
          {
            element: <RequireUnverified />,
            children: [page(paths.verifyUser, () => import('./routes/verify-user'))],
          },
          {
            element: <RequireVerified />,
            children: [
              // The console: no element here, the signed-in frame shows it (AuthLayout.tsx's ConsoleDoor).
              { path: '/admin/*' },
              // The learner's profile: their data and deleting the account (the path is myDataMessages.pagePath,
              // written out so /login's entry does not take in the module that holds it).
              page('/profile', () => import('./routes/profile')),
              {
                element: <RequireInviteUnused />,
                children: [page(paths.verifyInvite, () => import('./routes/verify-invite'))],
              },
              {
                element: <RequireInviteUsed />,
                children: [
                  page(paths.exams, () => import('./routes/exams')),
                  page('/exams/:id', () => import('./routes/exam')),
                  { path: '/quiz', element: <Navigate to={paths.exams} replace /> },
                  page('/quiz/exam/:examId/:type/:moduleId/:subjectId?/:topicId?', quizScreen),
                  // Practice (untimed, feedback per question) of the same scopes; adaptive may have no module.
                  page('/practice/exam/:examId/:type/:moduleId?/:subjectId?/:topicId?', quizScreen),
                  page('/review/:examId/session', quizScreen),
                  page(paths.review, tutorScreens),
                  page(paths.mistakes, tutorScreens),
                  page(
                    '/quiz/result/:assessmentId',
                    () => import('./routes/result'),
                    ({ assessmentId }) => ({
                      url: buildPath(apiPaths.assessmentResult, { slug: assessmentId ?? '' }),
                    }),
                  ),
                  page('/attempts/:entityType/:entityId', () => import('./routes/attempts')),
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to={paths.exams} replace /> },
];

/**
 * The routes, rendered by <BrowserRouter> (App.tsx). The app uses no data-router feature (loaders,
 * actions, blockers), and the declarative router is ~10 kB gzip lighter on every first page.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Opened directly (a reload, a link) while signed in: the screen's data request is made at once, with
 * the current user's, instead of after the screen's code has arrived — one round trip less before a
 * result's summary. The screen's prefetch stores the answer (preloadRoute).
 */
export function startRouteData(pathname: string, store: CallContext): EarlyData | undefined {
  // Only the few screens with data are matched here: matching the whole route table (flattening and
  // ranking every route) was a sixth of the entry's evaluation, the longest task of the start-up.
  for (const { path, data } of dataRoutes) {
    const match = matchPath(path, pathname);
    if (match) return callApi(data(match.params), store);
  }
  return undefined;
}

/**
 * Starts downloading the chunks of the screen at `pathname` (its layout and page) at once, alongside
 * the startup user fetch, instead of one after the other once the user is known, and lets the screen
 * start its data request as soon as its code is there (or store the answer of `early`): a signed-in
 * first page (a result, say) appears two or three round trips sooner. Settles when the screen's code
 * has arrived (or failed to) and its prefetch is done.
 */
export function preloadRoute(pathname: string, dispatch: AppThunkDispatch, early?: EarlyData): Promise<void> {
  const downloads = (matchRoutes(routes, pathname) ?? []).map((match) => {
    const handle = match.route.handle as ScreenHandle | undefined;
    return handle
      ?.preload?.()
      .then((module) =>
        (module as Partial<ScreenModule>).prefetch?.(match.params, dispatch, handle.data ? early : undefined),
      );
  });
  // A failed download is reported by the lazy route itself.
  return Promise.allSettled(downloads).then(() => undefined);
}
