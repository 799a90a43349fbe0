import { CssBaseline } from '@mui/material';
// @mui/system's provider: @mui/material's also carries the CSS-variables provider (~2 kB gzip), unused here.
import { ThemeProvider } from '@mui/system';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { Toaster } from '../components/toast/Toaster';
import { AuthBootstrap, type UserCheck } from '../features/auth/components/AuthBootstrap';
import { AppRoutes } from './router';
import type { AppStore } from './store';
import { appTheme } from './theme';

/**
 * `screenCode`: the first screen's code being preloaded, and `userCheck`: the current user's request,
 * both started by main.tsx and awaited behind the start-up spinner.
 */
export function App({
  store,
  screenCode,
  userCheck,
}: {
  store: AppStore;
  screenCode?: Promise<void>;
  userCheck?: UserCheck;
}) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={appTheme()}>
        <CssBaseline />
        <Toaster />
        <AuthBootstrap screenCode={screenCode} userCheck={userCheck}>
          {/* As RouterProvider did: a navigation shows the next screen (or its spinner) at once. */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </AuthBootstrap>
      </ThemeProvider>
    </Provider>
  );
}
