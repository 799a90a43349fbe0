/**
 * The first `popstate` listener of the page, added as the entry runs, before the router adds its own:
 * listeners on window run in the order they were added (Chromium runs a capturing one no earlier), so
 * only this one can hold a Back or Forward step before the router renders it. The running test sets
 * the guard (features/quiz/hooks/use-leave-guard.ts); the declarative router has no useBlocker.
 */
let guard: ((event: PopStateEvent) => void) | null = null;
window.addEventListener('popstate', (event) => guard?.(event));

export function setPopGuard(next: typeof guard) {
  guard = next;
}
