import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute, type AppThunkDispatch } from './app/router';
import { createStore } from './app/store';
import { afterPaint } from './lib/after-paint';
import { tokenStorage } from './lib/token-storage';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const store = createStore();
// Signed in: fetch this screen's code (and data) while the current user loads; signed out, the guards
// redirect, so nothing is fetched. Started once the first frame (a spinner) is drawn, so that the
// first paint waits for nothing but the entry.
const screenCode = tokenStorage.access()
  ? new Promise<void>((resolve) =>
      afterPaint(() => resolve(preloadRoute(window.location.pathname, store.dispatch as AppThunkDispatch))),
    )
  : undefined;
// A transition render yields to the browser every few milliseconds instead of building the whole first
// screen in one long task: on a slow phone the page stays responsive while it starts (Total Blocking Time).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App store={store} screenCode={screenCode} />
    </StrictMode>,
  ),
);
