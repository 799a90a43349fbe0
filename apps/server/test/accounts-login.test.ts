import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { invites } from '../src/services/accounts/invites.js';
import { useTestApp } from './helpers/app.js';
const t = useTestApp(); // no SMTP_URL: mail goes to the (silent) dev mail log

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

async function account(password = 'right-pass') {
  const email = `login.${randomBytes(4).toString('hex')}@example.test`;
  const { code: inviteCode } = await invites.create(t.app.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { name: 'Kiran', email, password, confirmPassword: password, inviteCode },
  });
  expect(res.statusCode).toBe(201);
  return email;
}

describe('POST /api/v1/auth/login', () => {
  it('signs in with any letter case of the email; an unverified user may sign in', async () => {
    const email = await account();
    const res = await login(email.toUpperCase(), 'right-pass');
    expect(res.statusCode).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Login successful');
    expect(data.user).toMatchObject({ email, verified: false, usedInviteCode: expect.any(String) });
    expect(await t.app.accessTokens.verify(data.tokens.access_token)).toEqual({
      userId: data.user.id,
      verified: false,
      inviteUsed: true,
      sessionGeneration: 0,
    });
    expect(data.tokens.refresh_token).toEqual(expect.any(String));
  });

  it('answers a wrong password and an unknown email with the same 401 and message', async () => {
    const email = await account();
    const wrongPassword = await login(email, 'wrong-pass');
    const unknownEmail = await login(`nobody.${randomBytes(4).toString('hex')}@example.test`, 'right-pass');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password', data: null });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('refuses an account that has no password (Google sign-up) the same way', async () => {
    const email = `google-only.${randomBytes(4).toString('hex')}@example.test`;
    await t.app.db.insert(users).values({ name: 'G', email, googleSub: `sub-${email}`, verified: true });
    const res = await login(email, 'any-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('answers 429 with Retry-After after 10 failures in 15 minutes, even for the right password', async () => {
    const email = await account();
    const other = await account();
    for (let i = 0; i < 10; i++) expect((await login(email, `wrong-${i}`)).statusCode).toBe(401);
    const locked = await login(email, 'right-pass');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed sign-in attempts. Please try again later.');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Per account: another learner is not affected.
    expect((await login(other, 'right-pass')).statusCode).toBe(200);
  });

  it('counts unknown addresses like known ones, so the lock-out says nothing about accounts', async () => {
    const unknown = `ghost.${randomBytes(4).toString('hex')}@example.test`;
    for (let i = 0; i < 10; i++) expect((await login(unknown, 'guess-pass')).statusCode).toBe(401);
    expect((await login(unknown, 'guess-pass')).statusCode).toBe(429);
  });

  it('a successful sign-in clears the failures', async () => {
    const email = await account();
    for (let i = 0; i < 9; i++) await login(email, 'wrong-pass');
    expect((await login(email, 'right-pass')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(email, 'wrong-pass')).statusCode).toBe(401);
    expect((await login(email, 'right-pass')).statusCode).toBe(200);
  });

  it('validates the payload with the form rules', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'bad' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'body.email', message: 'Invalid Email Format' },
        { path: 'body.password', message: expect.any(String) },
      ]),
    );
  });
});
