import type { Session, Tokens, User } from '@ai-tutor/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { tokenStorage } from '../lib/token-storage';

/** Auth state of docs/product.md#what-the-app-keeps: token, isAuthenticated, user, formLoading (+ whether startup finished). */
export interface AuthState {
  token: string | null;
  isAuthenticated: boolean;
  user: User | null;
  formLoading: boolean;
  initialized: boolean;
}

/** Read when a store is made: a stored token means the current user must be fetched first. */
const initialState = (): AuthState => {
  const token = tokenStorage.access();
  return { token, isAuthenticated: false, user: null, formLoading: false, initialized: token === null };
};

/** Storing the tokens under 'at' and 'rt' is a side effect: stores/token-persistence.ts does it. */
export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Login, register, verify: the session starts. */
    sessionStarted(state, { payload }: PayloadAction<Session>) {
      Object.assign(state, { token: payload.tokens.access_token, user: payload.user });
      Object.assign(state, { isAuthenticated: true, initialized: true });
    },
    tokensRefreshed(state, { payload }: PayloadAction<Tokens>) {
      state.token = payload.access_token;
    },
    userLoaded(state, { payload }: PayloadAction<User>) {
      Object.assign(state, { user: payload, isAuthenticated: true, initialized: true });
    },
    sessionEnded(state) {
      Object.assign(state, { token: null, user: null, isAuthenticated: false, initialized: true });
    },
    formLoadingChanged(state, { payload }: PayloadAction<boolean>) {
      state.formLoading = payload;
    },
  },
});

export const { sessionStarted, tokensRefreshed, userLoaded, sessionEnded, formLoadingChanged } =
  authSlice.actions;
