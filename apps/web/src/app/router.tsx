import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/ui/FullPageSpinner';
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

/** Each screen is its own chunk: /login never downloads the quiz, charts or KaTeX. */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Page />
    </Suspense>
  );
};

/** The signed-in frame (top bar, account menu, logout) is not needed by the sign-in screens. */
const AuthLayout = lazy(() => import('./layouts/AuthLayout').then((m) => ({ default: m.AuthLayout })));

export const routes: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.login, element: page(() => import('./routes/login')) },
          { path: paths.register, element: page(() => import('./routes/register')) },
          { path: paths.forgetPassword, element: page(() => import('./routes/forget-password')) },
          { path: '/verify-otp/:email', element: page(() => import('./routes/verify-otp')) },
          { path: '/reset-password', element: page(() => import('./routes/reset-password')) },
        ],
      },
    ],
  },
  {
    // Footer links must not bounce back to /exams: short public pages, for everyone.
    element: <PublicLayout />,
    children: [
      { path: paths.privacy, element: page(() => import('./routes/privacy')) },
      { path: paths.terms, element: page(() => import('./routes/terms')) },
      { path: paths.contact, element: page(() => import('./routes/contact')) },
      // A post's link lets any reader check the score is real; open to everyone.
      { path: '/achievements/:id', element: page(() => import('./routes/achievement')) },
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
        children: [
          {
            element: <RequireUnverified />,
            children: [{ path: paths.verifyUser, element: page(() => import('./routes/verify-user')) }],
          },
          {
            element: <RequireVerified />,
            children: [
              {
                element: <RequireInviteUnused />,
                children: [
                  { path: paths.verifyInvite, element: page(() => import('./routes/verify-invite')) },
                ],
              },
              {
                element: <RequireInviteUsed />,
                children: [
                  { path: paths.exams, element: page(() => import('./routes/exams')) },
                  { path: '/exams/:id', element: page(() => import('./routes/exam')) },
                  { path: '/quiz', element: <Navigate to={paths.exams} replace /> },
                  {
                    path: '/quiz/exam/:examId/:type/:moduleId/:subjectId?/:topicId?',
                    element: page(() => import('./routes/quiz')),
                  },
                  { path: '/quiz/result/:assessmentId', element: page(() => import('./routes/result')) },
                  {
                    path: '/attempts/:entityType/:entityId',
                    element: page(() => import('./routes/attempts')),
                  },
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
