import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { setPopGuard } from '../../../lib/pop-guard';

/** Where the learner was going: a link's path, or a step through the browser's history (Back). */
type Pending = { kind: 'link'; to: string } | { kind: 'history'; delta: number };

/** The history index react-router keeps in each entry's state (BrowserRouter's `idx`). */
const historyIndex = (): number | null => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

/**
 * Warns before a running test is left: closing or reloading the tab asks the browser's own question
 * (beforeunload); a link inside the app (the logo, the breadcrumbs, a menu item) and the browser's Back
 * and Forward buttons are held until the learner confirms. The app uses the declarative router, which
 * has no useBlocker (docs/decisions/0017-learner-test-screen-on-a-phone.md), so links are caught as they
 * are clicked, and a history step by the page's first popstate listener (lib/pop-guard.ts), which runs
 * before the router's: the step is undone (history.go back to the test's entry) before the router
 * renders anything. Leaving takes the same step again, unheld.
 */
export function useLeaveGuard(active: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending | null>(null);
  /** Set while the guard lets a step through (Leave) or undoes one (its own popstate). */
  const passing = useRef<'leave' | 'undo' | null>(null);
  useEffect(() => {
    if (!active) return;
    const home = historyIndex();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = url.pathname + url.search + url.hash;
      if (to === window.location.pathname + window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'link', to });
    };
    const onPopState = (event: PopStateEvent) => {
      if (passing.current === 'leave') {
        passing.current = null;
        return;
      }
      event.stopImmediatePropagation();
      if (passing.current === 'undo') {
        passing.current = null;
        return;
      }
      const now = historyIndex();
      // Without the router's index (an entry it did not write), assume one step Back.
      const delta = home !== null && now !== null ? now - home : -1;
      if (delta === 0) return;
      passing.current = 'undo';
      window.history.go(-delta);
      setPending({ kind: 'history', delta });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    setPopGuard(onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      setPopGuard(null);
    };
  }, [active]);

  const cancel = () => setPending(null);
  const leave = () => {
    if (!pending) return;
    setPending(null);
    if (pending.kind === 'link') {
      navigate(pending.to);
      return;
    }
    passing.current = 'leave';
    window.history.go(pending.delta);
  };
  return { open: pending !== null, cancel, leave };
}
