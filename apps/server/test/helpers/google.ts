import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface GoogleClaims {
  sub: string;
  email: string;
  email_verified?: boolean | string;
  name?: string;
  aud?: string;
  iss?: string;
  /** Seconds since the epoch; default an hour from now. */
  exp?: number;
}

export interface FakeGoogle {
  clientId: string;
  /** http://127.0.0.1:<port>/certs for GOOGLE_JWKS_URL. */
  jwksUrl: string;
  /** An ID token signed with the published key (or, with `foreignKey`, a key not in the JWKS). */
  idToken: (claims: GoogleClaims, options?: { foreignKey?: boolean }) => Promise<string>;
  close: () => Promise<void>;
}

/** Google's side of sign-in for tests: an RSA key, its JWKS on a local HTTP server, a token signer. */
export async function startFakeGoogle(
  clientId = 'test-client-id.apps.googleusercontent.com',
): Promise<FakeGoogle> {
  const published = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url === '/certs') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sign = (key: CryptoKey, kid: string, claims: GoogleClaims) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      email: claims.email,
      email_verified: claims.email_verified ?? true,
      ...(claims.name ? { name: claims.name } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(claims.iss ?? 'https://accounts.google.com')
      .setAudience(claims.aud ?? clientId)
      .setIssuedAt(now - 60)
      .setExpirationTime(claims.exp ?? now + 3600)
      .sign(key);
  };

  return {
    clientId,
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    idToken: (claims, options = {}) =>
      options.foreignKey
        ? sign(foreign.privateKey, 'test-key-1', claims)
        : sign(published.privateKey, 'test-key-1', claims),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
