import { Box, Button, Typography } from '@mui/material';
import { useCallback, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { FullPageSpinner } from '../../../components/ui/FullPageSpinner';
import { sessionEnded, userLoaded } from '../../../stores/auth-slice';
import { useAuth } from '../../../stores/hooks';
import { getCurrentUser } from '../api/get-current-user';

/** A 401 has already been through one refresh in the HTTP client; these mean the session is over. */
const SESSION_OVER = new Set<unknown>([401, 403, 404]);

/** The current user's request at start-up (main.tsx starts it before the first render). */
export type UserCheck = ReturnType<typeof getCurrentUser>;

/**
 * Startup (docs/product.md#startup-and-sign-in-state): with an access token stored, fetch the current user behind a spinner; when the
 * session is over the tokens are cleared. When the server cannot be reached, offer to try again.
 */
export function AuthBootstrap({
  children,
  screenCode,
  userCheck,
}: {
  children: ReactNode;
  /** The first screen's code, when it is being preloaded: one spinner until it is here too. */
  screenCode?: Promise<void>;
  /** The current user's request, when main.tsx started it before the first render. */
  userCheck?: UserCheck;
}) {
  const { token, initialized, isAuthenticated } = useAuth();
  const [codeHere, setCodeHere] = useState(!screenCode);
  const dispatch = useDispatch();
  const store = useStore();
  const [unreachable, setUnreachable] = useState(false);
  // Used for the first check only: a later sign-in (a new token) asks again.
  const startedCheck = useRef(userCheck);

  const settle = useCallback(
    (result: Awaited<ReturnType<typeof getCurrentUser>>) => {
      if (result.data) dispatch(userLoaded(result.data));
      else if (SESSION_OVER.has(result.error.status)) dispatch(sessionEnded());
      else setUnreachable(true);
    },
    [dispatch],
  );

  useEffect(() => {
    if (!token || initialized) return;
    const controller = new AbortController();
    const check = startedCheck.current ?? getCurrentUser({ ...store, signal: controller.signal });
    void check.then((result) => {
      if (controller.signal.aborted) return;
      startedCheck.current = undefined;
      settle(result);
    });
    return () => controller.abort();
  }, [token, initialized, store, settle]);

  useEffect(() => {
    let live = true;
    void screenCode?.then(() => live && setCodeHere(true));
    return () => {
      live = false;
    };
  }, [screenCode]);

  // The screen is built once the user and its code are both here (had the code come later, its lazy
  // fallback spinner would show, and React holds back what replaces a fallback for 300 ms), in a
  // background render that yields to the browser every few milliseconds, not in one long task. A
  // session that has ended goes to the sign-in screen without waiting for the code.
  const ready = useDeferredValue(initialized && (codeHere || !isAuthenticated));
  if (ready) return <>{children}</>;
  if (unreachable) {
    return (
      <Box
        sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', gap: 2, textAlign: 'center', p: 2 }}
      >
        <Typography>Cannot reach AI TUTOR right now. Check your connection.</Typography>
        <Button
          variant="contained"
          onClick={() => {
            setUnreachable(false);
            void getCurrentUser(store).then(settle);
          }}
        >
          Try again
        </Button>
      </Box>
    );
  }
  return <FullPageSpinner label="Loading your account" />;
}
