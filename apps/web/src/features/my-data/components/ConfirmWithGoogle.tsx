import { GOOGLE_BUTTON_HEIGHTS, myDataMessages as m } from '@ai-tutor/contract';
import { Box, Stack, Typography } from '@mui/material';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';

/**
 * "Confirm with Google" for deleting an account made with Google, which has no password: Google's
 * button gives a fresh ID token, which the form sends as `googleIdToken`
 * (docs/decisions/0023-learners-data-and-backups.md). Google's script loads only with this, on /profile.
 */
export function ConfirmWithGoogle({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
}) {
  return (
    <Stack spacing={1} component="section" aria-labelledby="confirm-google-title">
      <Typography id="confirm-google-title" variant="subtitle2" component="h3">
        {m.googleConfirmTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {m.googleConfirmText}
      </Typography>
      {/* The space is kept while Google's script draws the button, so the form does not jump. */}
      <Box sx={{ minHeight: GOOGLE_BUTTON_HEIGHTS.large }} data-testid="confirm-with-google">
        <GoogleOAuthProvider clientId={clientId}>
          <GoogleLogin
            size="large"
            text="continue_with"
            context="use"
            onSuccess={({ credential }) => {
              if (credential) onCredential(credential);
              else console.error('Google sign-in returned no credential');
            }}
            // As on the sign-in page: a failure of Google's button itself is only logged.
            onError={() => console.error('Google sign-in button failed')}
          />
        </GoogleOAuthProvider>
      </Box>
    </Stack>
  );
}
