import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../lib/api-client';
import { authSlice } from '../stores/auth-slice';
import { toastSlice } from '../stores/toast-slice';
import { persistTokens } from '../stores/token-persistence';

const rootReducer = combineSlices(authSlice, toastSlice, api);

/** One store per page load (and per test): auth, toasts and RTK Query's cache. */
export function createStore() {
  const listener = createListenerMiddleware();
  persistTokens(listener);
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
export type RootState = ReturnType<AppStore['getState']>;
