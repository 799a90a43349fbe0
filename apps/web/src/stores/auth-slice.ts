import type { Session, User } from '@ai-tutor/contract';
import type { UnknownAction } from 'redux';
import { defineAction } from './define-action';
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

/** Login, register, verify: store the session, tokens under 'at' and 'rt'. */
export const sessionStarted = defineAction<Session>('auth/sessionStarted');
export const tokensRefreshed = defineAction<Session['tokens']>('auth/tokensRefreshed');
export const userLoaded = defineAction<User>('auth/userLoaded');
export const sessionEnded = defineAction('auth/sessionEnded');
export const formLoadingChanged = defineAction<boolean>('auth/formLoadingChanged');

/**
 * A plain reducer rather than createSlice: the toolkit (with immer) would come with the first page, and
 * five flat updates do not need it.
 */
function authReducer(state: AuthState = initialState(), action: UnknownAction): AuthState {
  if (sessionStarted.match(action)) {
    tokenStorage.save(action.payload.tokens);
    const { tokens, user } = action.payload;
    return { ...state, token: tokens.access_token, user, isAuthenticated: true, initialized: true };
  }
  if (tokensRefreshed.match(action)) {
    tokenStorage.save(action.payload);
    return { ...state, token: action.payload.access_token };
  }
  if (userLoaded.match(action)) {
    return { ...state, user: action.payload, isAuthenticated: true, initialized: true };
  }
  if (sessionEnded.match(action)) {
    tokenStorage.clear();
    return { ...state, token: null, user: null, isAuthenticated: false, initialized: true };
  }
  if (formLoadingChanged.match(action)) return { ...state, formLoading: action.payload };
  return state;
}

export const authSlice = { reducerPath: 'auth', reducer: authReducer } as const;
