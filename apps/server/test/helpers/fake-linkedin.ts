import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local LinkedIn: the OAuth token exchange (POST /oauth/v2/accessToken), OpenID Connect userinfo
 * (GET /v2/userinfo) and the versioned Posts API (POST /rest/posts → 201 with x-restli-id). Records
 * every request. Codes other than GOOD_CODE are refused like LinkedIn does (400 invalid_grant).
 */

export const GOOD_CODE = 'good-authorisation-code';
export const MEMBER_ID = 'abc123Member';
export const ACCESS_TOKEN = 'AQX-linkedin-access-token-secret';

export interface LinkedinRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  text: string;
  /** Parsed form (token exchange) or JSON body. */
  form: Record<string, string> | null;
  json: Record<string, unknown> | null;
}

export interface FakeLinkedin {
  /** LINKEDIN_API_URL */
  apiUrl: string;
  /** LINKEDIN_OAUTH_URL */
  oauthUrl: string;
  requests: LinkedinRequest[];
  /** The status the next POST /rest/posts answers with (201 by default). */
  failNextPost: (status: number) => void;
  close: () => Promise<void>;
}

export async function startFakeLinkedin(): Promise<FakeLinkedin> {
  const requests: LinkedinRequest[] = [];
  const postFailures: number[] = [];
  let shares = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '').split('?')[0] ?? '';
      const isForm = (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
      let json: Record<string, unknown> | null = null;
      if (!isForm && text) {
        try {
          json = JSON.parse(text) as Record<string, unknown>;
        } catch {
          json = null;
        }
      }
      const form = isForm ? Object.fromEntries(new URLSearchParams(text)) : null;
      requests.push({ method: req.method ?? '', path, headers: req.headers, text, form, json });
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      const bearer = req.headers.authorization === `Bearer ${ACCESS_TOKEN}`;

      if (req.method === 'POST' && path === '/oauth/v2/accessToken') {
        if (form?.grant_type !== 'authorization_code' || form.code !== GOOD_CODE) {
          return send(400, { error: 'invalid_grant', error_description: 'authorization code not found' });
        }
        return send(200, {
          access_token: ACCESS_TOKEN,
          expires_in: 5_184_000,
          scope: 'openid,profile,w_member_social',
        });
      }
      if (req.method === 'GET' && path === '/v2/userinfo') {
        if (!bearer) return send(401, { message: 'Invalid access token' });
        return send(200, { sub: MEMBER_ID, name: 'Asha Verma', given_name: 'Asha', email_verified: true });
      }
      if (req.method === 'POST' && path === '/rest/posts') {
        const failure = postFailures.shift();
        if (failure) return send(failure, { message: 'refused', status: failure });
        if (!bearer) return send(401, { message: 'Invalid access token' });
        if (!req.headers['linkedin-version'])
          return send(400, { message: 'LinkedIn-Version header is required' });
        shares++;
        return send(201, undefined, { 'x-restli-id': `urn:li:share:${7_000_000 + shares}` });
      }
      return send(404, { message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    apiUrl: base,
    oauthUrl: `${base}/oauth/v2`,
    requests,
    failNextPost: (status) => postFailures.push(status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const linkedinEnv = (fake: FakeLinkedin) => ({
  LINKEDIN_CLIENT_ID: 'test-client-id',
  LINKEDIN_CLIENT_SECRET: 'test-client-secret',
  LINKEDIN_API_URL: fake.apiUrl,
  LINKEDIN_OAUTH_URL: fake.oauthUrl,
});
