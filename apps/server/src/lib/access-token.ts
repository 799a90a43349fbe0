import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'ai-tutor';
const AUDIENCE = 'ai-tutor-api';
const TYPE = 'at+jwt';

/** What an access token says about its user; the guards of docs/product.md#access-groups read it without a query. */
export interface AccessClaims {
  userId: string;
  verified: boolean;
  inviteUsed: boolean;
  /**
   * The user's session generation when the token was signed. Ending every session (Google linking a
   * pre-registered account, a password reset) raises the stored one, and routes that read the user
   * anyway refuse a token whose value differs. A counter rather than a cut-off time: `iat` has whole
   * seconds, so a time would need care for tokens signed in the same second as the cut-off, and a
   * counter also refuses a token signed after the change from a row read before it (a racing sign-in).
   * Tokens from before this claim existed count as generation 0.
   */
  sessionGeneration: number;
}

/** What sign takes: a generation left out is 0, an account whose sessions were never ended. */
export type SignClaims = Omit<AccessClaims, 'sessionGeneration'> & { sessionGeneration?: number };

/** Verified tokens kept at most; beyond it the oldest entry goes (Map keeps insertion order). */
const VERIFIED_CACHE_SIZE = 50_000;

export function createAccessTokens(secret: string, ttlSeconds: number) {
  // A CryptoKey imported once. jose imports anything else (bytes, and a secret KeyObject too: it exports
  // and re-imports it) into a CryptoKey on every call, which cost ~15 % of the save-answer route's CPU.
  const key = webcrypto.subtle.importKey(
    'raw',
    Buffer.from(secret, 'utf8'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Awaited by every call; this only keeps a failed import from being an unhandled rejection meanwhile.
  key.catch(() => undefined);

  // A learner sends the same access token with every request until it expires, and WebCrypto's HMAC
  // runs on the thread pool (two thread hand-offs per request). So a token verified once is remembered
  // until its own expiry: keyed by the exact token string, which only the key holder can produce, so a
  // hit proves what a full verification would. The signature never goes bad before expiry; whether the
  // session generation is still current is the routes' question, answered from their own user read.
  const verified = new Map<string, { claims: AccessClaims; expiresMs: number }>();
  const remember = (token: string, claims: AccessClaims, exp: number | undefined) => {
    if (exp === undefined) return;
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expiresMs: exp * 1000 });
  };

  return {
    async sign(claims: SignClaims): Promise<string> {
      return new SignJWT({ ver: claims.verified, inv: claims.inviteUsed, gen: claims.sessionGeneration ?? 0 })
        .setProtectedHeader({ alg: 'HS256', typ: TYPE })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key);
    },
    /** Throws on any bad token: wrong algorithm, signature, type, audience, issuer or expiry. */
    async verify(token: string): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known) {
        // The same rule as jose's: expired once now reaches exp.
        if (Date.now() < known.expiresMs) return known.claims;
        verified.delete(token);
      }
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: TYPE,
      });
      if (typeof payload.sub !== 'string') throw new Error('token has no subject');
      const claims: AccessClaims = Object.freeze({
        userId: payload.sub,
        verified: payload.ver === true,
        inviteUsed: payload.inv === true,
        sessionGeneration: typeof payload.gen === 'number' ? payload.gen : 0,
      });
      remember(token, claims, payload.exp);
      return claims;
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
