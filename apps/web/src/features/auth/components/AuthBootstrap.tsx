import { Box, Button, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { FullPageSpinner } from '../../../components/ui/FullPageSpinner';
import { sessionEnded, userLoaded } from '../../../stores/auth-slice';
import { useAuth } from '../../../stores/hooks';
import { useGetCurrentUserQuery } from '../api/get-current-user';

/**
 * Startup (SPEC.md §4): with an access token stored, fetch the current user behind a spinner. A 401
 * has already been through one refresh in the API client; then the tokens are cleared.
 */
export function AuthBootstrap({ children }: { children: ReactNode }) {
  const { token, initialized } = useAuth();
  const dispatch = useDispatch();
  const { data, error, refetch } = useGetCurrentUserQuery(undefined, { skip: !token });

  useEffect(() => {
    if (data) dispatch(userLoaded(data));
  }, [data, dispatch]);
  useEffect(() => {
    const status = (error as { status?: unknown } | undefined)?.status;
    if (status === 401 || status === 403 || status === 404) dispatch(sessionEnded());
  }, [error, dispatch]);

  if (initialized) return <>{children}</>;
  const status = (error as { status?: unknown } | undefined)?.status;
  if (error && status !== 401 && status !== 403 && status !== 404) {
    return (
      <Box
        sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', gap: 2, textAlign: 'center', p: 2 }}
      >
        <Typography>Cannot reach AI TUTOR right now. Check your connection.</Typography>
        <Button variant="contained" onClick={() => void refetch()}>
          Try again
        </Button>
      </Box>
    );
  }
  return <FullPageSpinner label="Loading your account" />;
}
