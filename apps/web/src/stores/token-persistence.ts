import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { tokenStorage } from '../lib/token-storage';
import { sessionEnded, sessionStarted, tokensRefreshed } from './auth-slice';

/** Keeps 'at' and 'rt' in step with the auth state: a session survives a reload (docs/product.md#startup-and-sign-in-state). */
export function persistTokens({ startListening }: ListenerMiddlewareInstance) {
  startListening({
    actionCreator: sessionStarted,
    effect: ({ payload }) => tokenStorage.save(payload.tokens),
  });
  startListening({ actionCreator: tokensRefreshed, effect: ({ payload }) => tokenStorage.save(payload) });
  startListening({ actionCreator: sessionEnded, effect: () => tokenStorage.clear() });
}
