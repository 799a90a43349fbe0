import type { User } from '@ai-tutor/contract';
import { CssBaseline } from '@mui/material';
// @mui/system's provider: @mui/material's also carries the CSS-variables provider (~2 kB gzip), unused here.
import { ThemeProvider } from '@mui/system';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createStore } from '../app/store';
import { appTheme } from '../app/theme';
import { Toaster } from '../components/toast/Toaster';
import { userLoaded } from '../stores/auth-slice';

export const testUser = (overrides: Partial<User> = {}): User => ({
  id: 'u1',
  name: 'Asha Verma',
  email: 'asha@example.test',
  phone: null,
  verified: true,
  usedInviteCode: 'ABCD-EFGH',
  roles: [],
  ...overrides,
});

/** Renders routes at `path` with a real store; `user` signs someone in first. */
export function renderRoutes(routes: RouteObject[], path: string, user?: User) {
  const store = createStore();
  if (user) store.dispatch(userLoaded(user));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <ThemeProvider theme={appTheme()}>
        <CssBaseline />
        <Toaster />
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>,
  );
  return { ...view, store, router };
}

/** One element on a route, for screen tests. */
export function renderPage(
  element: ReactElement,
  { path = '/', route = '/', user }: { path?: string; route?: string; user?: User } = {},
) {
  return renderRoutes(
    [
      { path: route, element },
      { path: '*', element: <div>elsewhere</div> },
    ],
    path,
    user,
  );
}
