// First: its popstate listener must be added before the router's (lib/pop-guard.ts).
import './lib/pop-guard';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute, startRouteData } from './app/router';
import { createStore } from './app/store';
import { getCurrentUser } from './features/auth/api/get-current-user';
import { tokenStorage } from './lib/token-storage';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const store = createStore();
const dispatch = store.dispatch;
const signedIn = Boolean(tokenStorage.access());
// Signed in: the current user is asked for now, not after the first render (it gates every screen).
const userCheck = signedIn ? getCurrentUser(store) : undefined;
// …and so is the screen's own data (a result opened from a link).
const early = signedIn ? startRouteData(window.location.pathname, store) : undefined;
// Signed in: fetch this screen's code while the current user loads; signed out, the guards redirect, so
// nothing is fetched. Asked for once the first frame is drawn (a second animation frame runs after it):
// asked for at once, the chunks arrive and are evaluated while the app draws its first frame, and delay
// it (docs/decisions/0006-one-spinner-at-start-up.md#measurements).
const screenCode = signedIn
  ? new Promise<void>((resolve) =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() => resolve(preloadRoute(window.location.pathname, dispatch, early))),
      ),
    )
  : undefined;
// A transition render yields to the browser every few milliseconds instead of building the whole first
// screen in one long task: on a slow phone the page stays responsive while it starts (Total Blocking Time).
// It starts in a task of its own, after the requests above are on their way: the entry's evaluation is
// already the longest task of the start-up, and createRoot adds React's event listeners (~10 % of it).
setTimeout(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App store={store} screenCode={screenCode} userCheck={userCheck} />
      </StrictMode>,
    ),
  ),
);
