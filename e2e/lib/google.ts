import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Google's side of sign-in for journeys (the approach of apps/server/test/helpers/google.ts, with
 * node:crypto only): an RSA key, its JWKS on a local HTTP server, and an RS256 ID-token signer.
 */
export async function startFakeGoogle(clientId = 'e2e-client-id.apps.googleusercontent.com') {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'e2e-key-1', alg: 'RS256', use: 'sig' };
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
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  return {
    clientId,
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    /** A Google ID token for `email`, signed with the published key. */
    idToken(email: string, name: string, sub = randomBytes(8).toString('hex')): string {
      const now = Math.floor(Date.now() / 1000);
      const header = b64({ alg: 'RS256', kid: 'e2e-key-1', typ: 'JWT' });
      const payload = b64({
        iss: 'https://accounts.google.com',
        aud: clientId,
        sub,
        email,
        email_verified: true,
        name,
        iat: now - 60,
        exp: now + 3600,
      });
      const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey, 'base64url');
      return `${header}.${payload}.${signature}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
