import { startTransition, useEffect, useState } from 'react';

/**
 * `value` as of the last transition render: a new value is first returned by a render that React may
 * split into slices and yield between. Store updates (react-redux, RTK Query) render synchronously, in
 * one task however large the screen they reveal; a screen that builds much from newly arrived data
 * reads it through this and stays responsive while it does. The value present at mount is used at once.
 */
export function useTransitionedValue<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (!Object.is(shown, value)) startTransition(() => setShown(() => value));
  }, [shown, value]);
  return shown;
}
