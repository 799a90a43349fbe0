import { Alert, Box, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/base-query';
import { useExchangeLinkedinTokenMutation } from '../api/exchange-linkedin-token';
import { announceConnected, linkedinRedirectUri, takeOauth } from '../lib/linkedin-oauth';

export const callbackTexts = {
  connecting: 'Connecting your LinkedIn account…',
  connected: 'LinkedIn connected. You can close this window.',
  cancelled: 'LinkedIn was not connected.',
  badState:
    'This LinkedIn sign-in did not start here, or it took too long. Please try Connect LinkedIn again.',
} as const;

/**
 * Where LinkedIn sends the learner back (LINKEDIN_CALLBACK_PATH, signed-in area). Checks `state`,
 * hands the code to the server and tells the share dialog. A popup then closes itself; in the same-tab
 * fallback the learner returns to the page they came from.
 */
export function LinkedInCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [exchange] = useExchangeLinkedinTokenMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const saved = takeOauth(params.get('state'));
    const fail = (message: string) => Promise.resolve().then(() => setProblem(message));
    if (params.get('error') || !code) {
      void fail(`${callbackTexts.cancelled} ${params.get('error_description') ?? ''}`.trim());
      return;
    }
    if (!saved) {
      void fail(callbackTexts.badState);
      return;
    }
    exchange({ code, redirectUri: linkedinRedirectUri() })
      .unwrap()
      .then(
        () => {
          announceConnected();
          if (saved.mode === 'popup') {
            setDone(true);
            window.close();
            return;
          }
          toast('LinkedIn connected', 'success');
          void navigate(saved.returnTo, { replace: true });
        },
        (error: unknown) => setProblem(errorMessage(error)),
      );
  }, [params, exchange, navigate, toast]);

  if (problem) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Alert severity="warning">{problem}</Alert>
        <Link component={RouterLink} to="/exams">
          Back to AI TUTOR
        </Link>
      </Stack>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }} role="status">
      {!done && <CircularProgress size={24} aria-hidden />}
      <Typography>{done ? callbackTexts.connected : callbackTexts.connecting}</Typography>
    </Box>
  );
}
