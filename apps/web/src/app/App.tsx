import { CssBaseline, ThemeProvider } from '@mui/material';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { ToastHost } from '../components/toast/ToastHost';
import { AuthBootstrap } from '../features/auth/components/AuthBootstrap';
import { AppRoutes } from './router';
import { createStore } from './store';
import { theme } from './theme';

export function App() {
  const [store] = useState(createStore);
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastHost />
        <AuthBootstrap>
          {/* As RouterProvider did: a navigation shows the next screen (or its spinner) at once. */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </AuthBootstrap>
      </ThemeProvider>
    </Provider>
  );
}
