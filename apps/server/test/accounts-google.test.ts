import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { invites } from '../src/services/accounts/invites.js';
import { buildApp } from '../src/build-app.js';
import { testConfig, useTestApp } from './helpers/app.js';
import { startFakeGoogle, type FakeGoogle } from './helpers/google.js';

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(async () => {
  await google.close();
});
const t = useTestApp(() => ({ GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl }));

const googleLogin = (authorization: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/v2/auth/google', payload: { authorization } });
const someone = () => {
  const id = randomBytes(4).toString('hex');
  return { sub: `google-${id}`, email: `g.${id}@example.test`, name: `Gita ${id}` };
};

describe('POST /api/v2/auth/google', () => {
  it('creates a verified account without an invite code, then finds it again by subject', async () => {
    const who = someone();
    const res = await googleLogin(await google.idToken(who));
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toEqual({
      id: expect.any(String),
      name: who.name,
      email: who.email,
      phone: null,
      verified: true,
      usedInviteCode: null,
      roles: [],
    });
    expect(await t.app.accessTokens.verify(data.tokens.access_token)).toEqual({
      userId: data.user.id,
      verified: true,
      inviteUsed: false,
      sessionGeneration: 0,
    });

    // Same subject, even with a changed address and the issuer without https://.
    const again = await googleLogin(
      await google.idToken({ ...who, email: 'changed@example.test', iss: 'accounts.google.com' }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.id).toBe(data.user.id);
  });

  it('links to an existing account with the same verified email', async () => {
    const who = someone();
    const { code: inviteCode } = await invites.create(t.app.db);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        name: 'Gita',
        email: who.email,
        password: 'secret-pass',
        confirmPassword: 'secret-pass',
        inviteCode,
      },
    });
    const existing = signup.json().data.user;

    const res = await googleLogin(await google.idToken({ ...who, email: who.email.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      id: existing.id,
      verified: true,
      usedInviteCode: inviteCode,
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, existing.id));
    expect(row?.googleSub).toBe(who.sub);
    // The password set before the address was proven no longer opens the account.
    expect(row?.passwordHash).toBeNull();
  });

  it('answers 401 for a wrong audience, a foreign key, an expired token, an unverified email, a wrong issuer', async () => {
    const now = Math.floor(Date.now() / 1000);
    const bad = {
      'wrong aud': await google.idToken({ ...someone(), aud: 'another-client.apps.googleusercontent.com' }),
      'wrong key': await google.idToken(someone(), { foreignKey: true }),
      expired: await google.idToken({ ...someone(), exp: now - 120 }),
      'unverified email': await google.idToken({ ...someone(), email_verified: false }),
      'wrong iss': await google.idToken({ ...someone(), iss: 'https://evil.example' }),
      garbage: 'not-a-jwt',
    };
    for (const [what, token] of Object.entries(bad)) {
      const res = await googleLogin(token);
      expect(res.statusCode, what).toBe(401);
      expect(res.json(), what).toEqual({ message: 'Google sign-in failed. Please try again.', data: null });
    }
  });

  it('says clearly that Google sign-in is off when GOOGLE_CLIENT_ID is not set', async () => {
    // A second app on the same test database (a second test database would move PGlite's search_path).
    const plain = await buildApp({ config: testConfig(), database: t.database });
    try {
      const res = await googleLogin(await google.idToken(someone()), plain);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Google sign-in is not configured on this server');
    } finally {
      await plain.close();
    }
  });
});

describe('POST /api/v1/invitecode/verify (Google sign-ups)', () => {
  it('uses a code once for a user who has none, and answers 409 afterwards', async () => {
    const { data } = (await googleLogin(await google.idToken(someone()))).json();
    const headers = { authorization: `Bearer ${data.tokens.access_token}` };
    const { code } = await invites.create(t.app.db, { maxUses: 5 });

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitecode/verify',
      headers,
      payload: { inviteCode: 'NOPE-NOPE' },
    });
    expect(unknown.statusCode).toBe(400);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitecode/verify',
      headers,
      payload: { inviteCode: code.toLowerCase() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Invite code accepted');
    const session = res.json().data;
    expect(session.user).toMatchObject({ id: data.user.id, usedInviteCode: code, verified: true });
    expect(await t.app.accessTokens.verify(session.tokens.access_token)).toMatchObject({ inviteUsed: true });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitecode/verify',
      headers: { authorization: `Bearer ${session.tokens.access_token}` },
      payload: { inviteCode: code },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already used an invite code');
  });

  it('needs a signed-in user and the form message for an empty code', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitecode/verify',
      payload: { inviteCode: 'ABCD-EFGH' },
    });
    expect(anonymous.statusCode).toBe(401);
    const { data } = (await googleLogin(await google.idToken(someone()))).json();
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitecode/verify',
      headers: { authorization: `Bearer ${data.tokens.access_token}` },
      payload: { inviteCode: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({
      path: 'body.inviteCode',
      message: 'Invite code is Required',
    });
  });
});
