import { CssBaseline, ThemeProvider } from '@mui/material';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { Toaster } from '../components/toast/Toaster';
import { AuthBootstrap } from '../features/auth/components/AuthBootstrap';
import { createRouter } from './router';
import { createStore } from './store';
import { theme } from './theme';

export function App() {
  const [store] = useState(createStore);
  const [router] = useState(createRouter);
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Toaster />
        <AuthBootstrap>
          <RouterProvider router={router} />
        </AuthBootstrap>
      </ThemeProvider>
    </Provider>
  );
}
