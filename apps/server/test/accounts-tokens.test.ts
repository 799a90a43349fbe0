import { randomBytes } from 'node:crypto';
import { accountMessages } from '@ai-tutor/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../src/db/schema.js';
import { invites } from '../src/services/accounts/invites.js';
import { useTestApp } from './helpers/app.js';
const t = useTestApp();

const refresh = (refresh_token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token } });
const logout = (refresh_token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    payload: refresh_token ? { refresh_token } : {},
  });

async function signedIn() {
  const email = `tokens.${randomBytes(4).toString('hex')}@example.test`;
  const { code: inviteCode } = await invites.create(t.app.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { name: 'Tara', email, password: 'secret-pass', confirmPassword: 'secret-pass', inviteCode },
  });
  expect(res.statusCode).toBe(201);
  const { user, tokens } = res.json().data;
  return { email, userId: user.id as string, refreshToken: tokens.refresh_token as string };
}

/** Moves the rotations of the user's tokens `seconds` into the past. */
const ageRotations = (userId: string, seconds: number) =>
  t.app.db
    .update(refreshTokens)
    .set({ rotatedAt: sql`${refreshTokens.rotatedAt} - make_interval(secs => ${seconds})` })
    .where(and(eq(refreshTokens.userId, userId), isNotNull(refreshTokens.rotatedAt)));

describe('refresh tokens', () => {
  it('are opaque, at least 128 random bits, and stored only as a hash', async () => {
    const { userId, refreshToken } = await signedIn();
    expect(refreshToken).not.toContain('.');
    expect(Buffer.from(refreshToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(refreshToken);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rotate on every refresh, with a fresh access token and the user', async () => {
    const { userId, refreshToken } = await signedIn();
    const res = await refresh(refreshToken);
    expect(res.statusCode).toBe(200);
    const { user, tokens } = res.json().data;
    expect(user.id).toBe(userId);
    expect(tokens.refresh_token).not.toBe(refreshToken);
    expect(await t.app.accessTokens.verify(tokens.access_token)).toEqual({
      userId,
      verified: false,
      inviteUsed: true,
      sessionGeneration: 0,
    });
    const next = await refresh(tokens.refresh_token);
    expect(next.statusCode).toBe(200);
    expect(next.json().data.tokens.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('reuse of a rotated token (after the grace) revokes the whole family', async () => {
    const { userId, refreshToken: first } = await signedIn();
    const second = (await refresh(first)).json().data.tokens.refresh_token as string;
    const third = (await refresh(second)).json().data.tokens.refresh_token as string;
    // Within the grace the old token would still yield the current one (see below); 11 s later it is reuse.
    await ageRotations(userId, 11);

    const reuse = await refresh(first);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({
      message: accountMessages.sessionInvalid,
      data: null,
    });
    // The thief's use revoked the legitimate holder's current token too.
    expect((await refresh(third)).statusCode).toBe(401);
  });

  it('two tabs refreshing the same token within the grace both get the same successor', async () => {
    const { refreshToken } = await signedIn();
    const [a, b] = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const successor = a.json().data.tokens.refresh_token;
    expect(b.json().data.tokens.refresh_token).toBe(successor);

    // A third, late-but-within-grace tab gets it as well, and the successor keeps working.
    const late = await refresh(refreshToken);
    expect(late.json().data.tokens.refresh_token).toBe(successor);
    expect((await refresh(successor)).statusCode).toBe(200);
  });

  it('a late tab within the grace follows quick rotations to the current token', async () => {
    const { refreshToken: first } = await signedIn();
    const second = (await refresh(first)).json().data.tokens.refresh_token as string;
    const third = (await refresh(second)).json().data.tokens.refresh_token as string;
    const late = await refresh(first);
    expect(late.statusCode).toBe(200);
    expect(late.json().data.tokens.refresh_token).toBe(third);
  });

  it('refuses unknown tokens', async () => {
    expect((await refresh(randomBytes(32).toString('base64url'))).statusCode).toBe(401);
    expect((await refresh('')).statusCode).toBe(400);
  });
});

describe('logout', () => {
  it('revokes the family, also when given an already rotated token of it', async () => {
    const { refreshToken: first } = await signedIn();
    const second = (await refresh(first)).json().data.tokens.refresh_token as string;
    const res = await logout(first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out', data: null });
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('leaves other sessions of the same user alone', async () => {
    const other = await signedIn();
    const { email, refreshToken: thisDevice } = await signedIn();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'secret-pass' },
    });
    const otherDevice = login.json().data.tokens.refresh_token as string;
    expect((await logout(thisDevice)).statusCode).toBe(200);
    expect((await refresh(thisDevice)).statusCode).toBe(401);
    expect((await refresh(otherDevice)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('answers ok without a token or with an unknown one', async () => {
    expect((await logout()).statusCode).toBe(200);
    expect((await logout(randomBytes(32).toString('base64url'))).statusCode).toBe(200);
  });
});
