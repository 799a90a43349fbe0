import type { Session, User } from '@ai-tutor/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { tokenStorage } from '../lib/token-storage';

/** Auth state of SPEC.md §3: token, isAuthenticated, user, formLoading (+ whether startup finished). */
export interface AuthState {
  token: string | null;
  isAuthenticated: boolean;
  user: User | null;
  formLoading: boolean;
  initialized: boolean;
}

const initialState = (): AuthState => ({
  token: tokenStorage.access(),
  isAuthenticated: false,
  user: null,
  formLoading: false,
  initialized: tokenStorage.access() === null,
});

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Login, register, verify: store the session, tokens under 'at' and 'rt'. */
    sessionStarted(state, action: PayloadAction<Session>) {
      tokenStorage.save(action.payload.tokens);
      state.token = action.payload.tokens.access_token;
      state.user = action.payload.user;
      state.isAuthenticated = true;
      state.initialized = true;
    },
    tokensRefreshed(state, action: PayloadAction<Session['tokens']>) {
      tokenStorage.save(action.payload);
      state.token = action.payload.access_token;
    },
    userLoaded(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.isAuthenticated = true;
      state.initialized = true;
    },
    sessionEnded(state) {
      tokenStorage.clear();
      state.token = null;
      state.user = null;
      state.isAuthenticated = false;
      state.initialized = true;
    },
    formLoadingChanged(state, action: PayloadAction<boolean>) {
      state.formLoading = action.payload;
    },
  },
});

export const { sessionStarted, tokensRefreshed, userLoaded, sessionEnded, formLoadingChanged } =
  authSlice.actions;
