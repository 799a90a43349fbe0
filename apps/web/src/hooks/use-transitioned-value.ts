import { startTransition, useEffect, useState } from 'react';

/**
 * `value` as of the last transition render: undefined at first, and every new value is first returned
 * by a render that React may split into slices and yield between, with its own commit. Store updates
 * (react-redux, RTK Query) render synchronously, in one task however large the screen they reveal;
 * data already in the store at mount would be built in the same commit as the frame around it. A screen
 * that builds much from its data reads it through this and stays responsive while it does.
 */
export function useTransitionedValue<T>(value: T | undefined): T | undefined {
  const [shown, setShown] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (!Object.is(shown, value)) startTransition(() => setShown(() => value));
  }, [shown, value]);
  return shown;
}
