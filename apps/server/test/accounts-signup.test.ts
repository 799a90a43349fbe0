import { randomBytes } from 'node:crypto';
import { accountMessages, mailTexts } from '@ai-tutor/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inviteCodes, users, verifications } from '../src/db/schema.js';
import { invites } from '../src/services/accounts/invites.js';
import { useTestApp } from './helpers/app.js';
import { startMailServer, type MailServer } from './helpers/mail-server.js';

let mail: MailServer;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail.close();
});
const t = useTestApp(() => ({ SMTP_URL: mail.url }));
beforeEach(() => {
  mail.failing = false;
});

const uniqueEmail = (prefix = 'learner') => `${prefix}.${randomBytes(4).toString('hex')}@example.test`;
const newInvite = async (options: { maxUses?: number; code?: string; expiresAt?: Date } = {}) =>
  (await invites.create(t.app.db, options)).code;

const signup = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload });
const registration = async (overrides: Record<string, unknown> = {}) => ({
  name: 'Asha Verma',
  email: uniqueEmail(),
  phone: '9876543210',
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
  inviteCode: await newInvite(),
  ...overrides,
});

describe('GET /api/v1/invitecode/verify/:code', () => {
  it('answers 200 for a usable code, in any letter case', async () => {
    const code = await newInvite({ code: 'Spring-Batch-7' });
    expect(code).toBe('SPRING-BATCH-7');
    for (const asTyped of ['SPRING-BATCH-7', 'spring-batch-7', ' Spring-Batch-7 ']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/invitecode/verify/${encodeURIComponent(asTyped)}`,
      });
      expect(res.statusCode, asTyped).toBe(200);
      expect(res.json()).toEqual({ message: 'Invite code is valid', data: null });
    }
  });

  it('answers 404 for an unknown, expired or used-up code', async () => {
    const expired = await newInvite();
    await t.app.db
      .update(inviteCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(inviteCodes.code, expired));
    const usedUp = await newInvite({ maxUses: 1 });
    expect((await signup(await registration({ inviteCode: usedUp }))).statusCode).toBe(201);
    for (const code of ['NOPE-NOPE', expired, usedUp]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/invitecode/verify/${code}` });
      expect(res.statusCode, code).toBe(404);
      expect(res.json().data).toBeNull();
    }
  });
});

describe('POST /api/v1/auth/signup', () => {
  it('creates an unverified user, consumes a use of the code, returns the session and mails the code', async () => {
    const inviteCode = await newInvite({ maxUses: 3 });
    const body = await registration({
      inviteCode: inviteCode.toLowerCase(),
      email: uniqueEmail('Asha.MIXED'),
    });
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    const { message, data } = res.json();
    expect(message).toMatch(/verification code/i);
    expect(data.user).toEqual({
      id: expect.any(String),
      name: 'Asha Verma',
      email: String(body.email).toLowerCase(),
      phone: '9876543210',
      verified: false,
      usedInviteCode: inviteCode,
      roles: [],
    });
    expect(data.tokens.access_token.split('.')).toHaveLength(3);
    expect(Buffer.from(data.tokens.refresh_token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const claims = await t.app.accessTokens.verify(data.tokens.access_token);
    expect(claims).toEqual({ userId: data.user.id, verified: false, inviteUsed: true, sessionGeneration: 0 });

    const [code] = await t.app.db.select().from(inviteCodes).where(eq(inviteCodes.code, inviteCode));
    expect(code?.uses).toBe(1);

    const received = await mail.waitForMail(String(body.email));
    expect(received.subject).toBe(mailTexts.subjectWithExpiry(mailTexts['verify-account'].subject));
    expect(received.text).toContain(mailTexts.codeIntro(mailTexts['verify-account'].what));
    expect(received.text).toContain(mailTexts.expiry);
    expect(received.html).toContain(mailTexts.expiry);
    expect(received.html).toContain(mail.codeIn(received));
    expect(mail.codeIn(received)).toMatch(/^\d{6}$/);

    // Stored hashed, never the code itself; passwords likewise.
    const rows = await t.app.db.select().from(verifications).where(eq(verifications.target, data.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(mail.codeIn(received));
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, data.user.id));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(user?.passwordHash).not.toContain('secret-pass');
  });

  it('refuses a second account for the same email in any letter case with 409', async () => {
    const email = uniqueEmail('dup');
    expect((await signup(await registration({ email }))).statusCode).toBe(201);
    const inviteCode = await newInvite();
    const res = await signup(await registration({ email: email.toUpperCase(), inviteCode }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists', data: null });
    // Nothing was consumed.
    const [code] = await t.app.db.select().from(inviteCodes).where(eq(inviteCodes.code, inviteCode));
    expect(code?.uses).toBe(0);
  });

  it('refuses unknown, expired and used-up codes and writes nothing', async () => {
    const expired = await newInvite({ expiresAt: new Date(Date.now() + 60_000) });
    await t.app.db
      .update(inviteCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(inviteCodes.code, expired));
    const usedUp = await newInvite();
    expect((await signup(await registration({ inviteCode: usedUp }))).statusCode).toBe(201);

    for (const inviteCode of ['ZZZZ-ZZZZ', expired, usedUp]) {
      const body = await registration({ inviteCode });
      const res = await signup(body);
      expect(res.statusCode, inviteCode).toBe(400);
      expect(res.json().message).toBe('This invite code is not valid, has expired or has been used up');
      const written = await t.app.db
        .select()
        .from(users)
        .where(eq(users.email, String(body.email)));
      expect(written).toHaveLength(0);
    }
  });

  it('lets exactly one of two concurrent sign-ups take the last use of a code', async () => {
    const inviteCode = await newInvite({ maxUses: 1 });
    const a = await registration({ inviteCode });
    const b = await registration({ inviteCode });
    const results = await Promise.all([signup(a), signup(b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const [code] = await t.app.db.select().from(inviteCodes).where(eq(inviteCodes.code, inviteCode));
    expect(code?.uses).toBe(1);
    const created = await t.app.db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.email} in (${a.email}, ${b.email})`);
    expect(created).toHaveLength(1);
  });

  it('keeps the form rules on the server: the messages of docs/product.md#validation-messages, confirmation, 128-character maximum', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'body.name', 'Name is required'],
      [{ email: 'not-an-email' }, 'body.email', 'Invalid Email Format'],
      [{ phone: '12345' }, 'body.phone', 'Phone number must be 10 digits'],
      [
        { password: '123', confirmPassword: '123' },
        'body.password',
        'Password must be at least 6 characters',
      ],
      [{ confirmPassword: 'different' }, 'body.confirmPassword', 'Passwords must match'],
      [
        { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
        'body.password',
        'Password must be at most 128 characters',
      ],
      [{ inviteCode: '' }, 'body.inviteCode', 'Invite Code is required'],
    ];
    for (const [override, path, message] of cases) {
      const res = await signup(await registration(override));
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors, path).toContainEqual({ path, message });
    }
  });

  it('accepts a registration without a phone number', async () => {
    const res = await signup(await registration({ phone: '' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.phone).toBeNull();
  });

  it('answers 503 when the mail cannot be sent, and keeps nothing of the attempt', async () => {
    mail.failing = true;
    const inviteCode = await newInvite();
    const body = await registration({ inviteCode });
    const res = await signup(body);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(accountMessages.mailUnavailable);
    expect(
      await t.app.db
        .select()
        .from(users)
        .where(eq(users.email, String(body.email))),
    ).toHaveLength(0);
    const [code] = await t.app.db.select().from(inviteCodes).where(eq(inviteCodes.code, inviteCode));
    expect(code?.uses).toBe(0);

    mail.failing = false;
    expect((await signup(body)).statusCode).toBe(201);
  });
});

describe('verify-user with the mailed code', () => {
  it('verifies the account and returns a session whose token says so', async () => {
    const body = await registration();
    const { data } = (await signup(body)).json();
    const code = mail.codeIn(await mail.waitForMail(String(body.email)));
    const headers = { authorization: `Bearer ${data.tokens.access_token}` };

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-user',
      headers,
      // The web app sends the code as a number (docs/product.md#validation-messages): "012345" arrives as 12345.
      payload: { email: body.email, emailOtp: Number(code) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your account has been verified');
    const session = res.json().data;
    expect(session.user.verified).toBe(true);
    expect(await t.app.accessTokens.verify(session.tokens.access_token)).toMatchObject({ verified: true });

    const current = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: { authorization: `Bearer ${session.tokens.access_token}` },
    });
    expect(current.json().data).toMatchObject({ email: String(body.email), verified: true });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-user',
      headers,
      payload: { email: body.email, emailOtp: code },
    });
    expect(again.statusCode).toBe(409);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-user',
      payload: { email: 'a@example.test', emailOtp: 123456 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a code for another address', async () => {
    const body = await registration();
    const { data } = (await signup(body)).json();
    const code = mail.codeIn(await mail.waitForMail(String(body.email)));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-user',
      headers: { authorization: `Bearer ${data.tokens.access_token}` },
      payload: { email: 'someone.else@example.test', emailOtp: code },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code was sent to a different email address');
  });
});

describe('users', () => {
  it('GET /users/current needs a token; PUT /users updates name and phone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/current' })).statusCode).toBe(401);
    const body = await registration();
    const { data } = (await signup(body)).json();
    const headers = { authorization: `Bearer ${data.tokens.access_token}` };

    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      headers,
      payload: { name: '  Asha V.  ', phone: '1234567890' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Asha V.', phone: '1234567890', email: body.email });

    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      headers,
      payload: { phone: '' },
    });
    expect(cleared.json().data).toMatchObject({ name: 'Asha V.', phone: null });

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      headers,
      payload: { phone: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({
      path: 'body.phone',
      message: 'Phone number must be 10 digits',
    });

    const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers });
    expect(current.json().data).toMatchObject({ name: 'Asha V.', phone: null });
  });
});
