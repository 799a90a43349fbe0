import { GOOGLE_BUTTON_HEIGHTS } from '@ai-tutor/contract';
import { Box } from '@mui/material';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { useStore } from 'react-redux';
import { useSignInConfig } from '../api/get-sign-in-config';
import { googleLogin } from '../api/google-login';
import { useAuthRequest } from '../hooks/use-auth-request';
import { useStartSession } from '../hooks/use-start-session';
import { OrDivider } from './AuthCard';

export type GoogleButtonSize = keyof typeof GOOGLE_BUTTON_HEIGHTS;

function GoogleButton({ size }: { size: GoogleButtonSize }) {
  const store = useStore();
  const { run } = useAuthRequest();
  const startSession = useStartSession();
  return (
    // The space is kept while Google's script draws the button, so the form does not jump.
    <Box
      sx={{ minHeight: GOOGLE_BUTTON_HEIGHTS[size], display: 'flex', justifyContent: 'center' }}
      data-testid="google-sign-in"
    >
      <GoogleLogin
        size={size}
        text="signin_with"
        onSuccess={async ({ credential }) => {
          if (!credential) {
            console.error('Google sign-in returned no credential');
            return;
          }
          const result = await run(() => googleLogin({ authorization: credential }, store));
          if (result.ok) startSession(result.value.data);
        }}
        // docs/product.md#errors-and-empty-states: a failure of the Google button itself is only logged.
        onError={() => console.error('Google sign-in button failed')}
      />
    </Box>
  );
}

/**
 * The Google button, only when the server reports a client id (GET /v1/config): Google's script is
 * loaded only then, which is also when the CSP allows it.
 */
export function GoogleSignIn({ size = 'large' }: { size?: GoogleButtonSize }) {
  const config = useSignInConfig();
  if (!config?.googleClientId) return null;
  return (
    <GoogleOAuthProvider clientId={config.googleClientId}>
      <OrDivider />
      <GoogleButton size={size} />
    </GoogleOAuthProvider>
  );
}
