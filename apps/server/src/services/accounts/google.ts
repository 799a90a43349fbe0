import { stripControlCharacters } from '@ai-tutor/contract';
import { createRemoteJWKSet, jwtVerify } from 'jose';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
}

/**
 * Verifies Google ID tokens against the JWKS at `jwksUrl` (keys cached by jose): RS256 signature,
 * `aud` = the client id, `iss` with or without https://, `exp`, and a verified email. Throws on any
 * failure.
 */
export function createGoogleVerifier(clientId: string, jwksUrl: string) {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return async (idToken: string): Promise<GoogleIdentity> => {
    const { payload } = await jwtVerify(idToken, keys, {
      algorithms: ['RS256'],
      audience: clientId,
      issuer: GOOGLE_ISSUERS,
      requiredClaims: ['exp', 'sub'],
      clockTolerance: 5,
    });
    const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
    if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no subject');
    if (typeof payload.email !== 'string' || !payload.email.includes('@')) throw new Error('no email');
    if (!emailVerified) throw new Error('email not verified');
    // A name as the register form would take it: one line of plain text.
    const plain =
      typeof payload.name === 'string'
        ? stripControlCharacters(payload.name, { multiline: false }).trim()
        : '';
    const name = plain || null;
    return { sub: payload.sub, email: payload.email.trim().toLowerCase(), name };
  };
}
export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
