import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { startFakeGoogle, type FakeGoogle } from './helpers/google.js';

// A name from a Google account is plain text like the register form's (decision 0015): no terminal
// control sequence in it reaches the database, and it stays on one line.
let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(async () => google.close());
const t = useTestApp(() => ({ GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl }));

describe('a name from Google', () => {
  it('loses control sequences and line breaks', async () => {
    const authorization = await google.idToken({
      sub: 'google-control',
      email: 'control@example.test',
      name: 'Gita\u001b[2J\u001b]0;pwned\u0007\nOK: all reports resolved',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/google',
      payload: { authorization },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: { user: { name: string } } }).data.user.name).toBe(
      'Gita OK: all reports resolved',
    );
  });
});
