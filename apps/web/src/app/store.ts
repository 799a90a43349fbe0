import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api-client';
import { authSlice } from '../stores/auth-slice';
import { toastSlice } from '../stores/toast-slice';

export function createStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, auth: authSlice.reducer, toasts: toastSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}
export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
