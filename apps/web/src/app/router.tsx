import { Suspense, type ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type Params, type RouteObject } from 'react-router';
import type { ThunkDispatch } from 'redux-thunk';
import type { UnknownAction } from 'redux';
import { FullPageSpinner } from '../components/ui/FullPageSpinner';
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
/** A screen's module: its component and, optionally, the data to start fetching with its code. */
interface ScreenModule {
  default: ComponentType;
  prefetch?: (params: Params, dispatch: AppThunkDispatch) => void;
}

/** Each other screen is its own chunk: /login never downloads the quiz, charts or KaTeX. */
const page = (path: string, load: () => Promise<ScreenModule>): RouteObject => {
  const { Screen, load: preload } = lazyScreen(load);
  return {
    path,
    element: (
      <Suspense fallback={<FullPageSpinner />}>
        <Screen />
      </Suspense>
    ),
    handle: { preload: preload satisfies Load },
  };
};

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
                  page(
                    '/quiz/exam/:examId/:type/:moduleId/:subjectId?/:topicId?',
                    () => import('./routes/quiz'),
                  ),
                  page('/quiz/result/:assessmentId', () => import('./routes/result')),
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
 * Starts downloading the chunks of the screen at `pathname` (its layout and page) at once, alongside
 * the startup user fetch, instead of one after the other once the user is known, and lets the screen
 * start its data request as soon as its code is there: a signed-in first page (a result, say) appears
 * two or three round trips sooner. Settles when the screen's code has arrived (or failed to).
 */
export function preloadRoute(pathname: string, dispatch: AppThunkDispatch): Promise<void> {
  const downloads = (matchRoutes(routes, pathname) ?? []).map((match) => {
    const preload = (match.route.handle as { preload?: Load } | undefined)?.preload;
    return preload?.().then((module) => {
      (module as Partial<ScreenModule>).prefetch?.(match.params, dispatch);
    });
  });
  // A failed download is reported by the lazy route itself.
  return Promise.allSettled(downloads).then(() => undefined);
}
