import { lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy for a screen whose code may already be here. A lazy component suspends on its first render
 * even when its module has arrived (the promise settles a microtask later); a render that cannot wait
 * for that (an external store update, such as the signed-in user arriving) shows the Suspense fallback,
 * and React then holds the real screen back until 300 ms after that fallback appeared (its fallback
 * throttle). A signed-in first page whose code was preloaded (preloadRoute) showed its summary ~300 ms
 * late that way, and Lighthouse counted the requests made meanwhile against its LCP.
 *
 * So once `load` has settled, the screen renders synchronously. Each mount decides once, so a later
 * re-render never swaps the lazy wrapper for the component (which would remount the screen).
 */
export function lazyScreen<Props extends object, M extends { default: ComponentType<Props> }>(
  load: () => Promise<M>,
): { Screen: ComponentType<Props>; load: () => Promise<M> } {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<M> | undefined;
  const loadOnce = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a failed download may be retried (the lazy route reports it)
        throw error;
      },
    ));
  const Lazy = lazy(loadOnce);

  function Screen(props: Props) {
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return { Screen, load: loadOnce };
}
