import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { dynamicMiddleware, rootReducer } from '../stores/root-reducer';
import { persistTokens } from '../stores/token-persistence';

/** One store per page load (and per test): auth and toasts, and RTK Query's cache once a screen needs it. */
export function createStore() {
  const listener = createListenerMiddleware();
  persistTokens(listener);
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().prepend(listener.middleware, dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
export type RootState = ReturnType<AppStore['getState']>;
