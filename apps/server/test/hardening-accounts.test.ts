import { randomBytes } from 'node:crypto';
import { accountMessages } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteCodes, users } from '../src/db/schema.js';
import { invites } from '../src/services/accounts/invites.js';
import { useTestApp } from './helpers/app.js';
import { startFakeGoogle, type FakeGoogle } from './helpers/google.js';
import { startMailServer, type MailServer } from './helpers/mail-server.js';

let google: FakeGoogle;
let mail: MailServer;
beforeAll(async () => {
  google = await startFakeGoogle();
  mail = await startMailServer();
});
afterAll(async () => {
  await google.close();
  await mail.close();
});
const t = useTestApp(() => ({
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_JWKS_URL: google.jwksUrl,
  SMTP_URL: mail.url,
}));

const uniqueEmail = () => `victim.${randomBytes(4).toString('hex')}@example.test`;
const signup = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload });
const registration = (email: string, inviteCode: string) => ({
  name: 'Pre Registrant',
  email,
  password: 'attacker-pass',
  confirmPassword: 'attacker-pass',
  inviteCode,
});
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: token } });
const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const currentUser = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: bearer(accessToken) });
const renameUser = (accessToken: string, name: string) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/users', headers: bearer(accessToken), payload: { name } });
const sessionEnded = { message: accountMessages.sessionInvalid, data: null };

describe('Google sign-in linking an existing account', () => {
  it("ends every session the account had: a pre-registrant's refresh tokens stop refreshing", async () => {
    const email = uniqueEmail();
    const first = await signup(registration(email, (await invites.create(t.app.db)).code));
    expect(first.statusCode).toBe(201);
    // A second sign-in of the pre-registrant: a second refresh-token family.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'attacker-pass' },
    });
    expect(login.statusCode).toBe(200);
    const stolen = [first.json().data.tokens.refresh_token, login.json().data.tokens.refresh_token];

    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/google',
      payload: { authorization: await google.idToken({ sub: `g-${randomBytes(4).toString('hex')}`, email }) },
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.user.verified).toBe(true);

    for (const token of stolen) {
      const res = await refresh(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: accountMessages.sessionInvalid, data: null });
    }
    // The owner's own new session works.
    expect((await refresh(owner.json().data.tokens.refresh_token)).statusCode).toBe(200);
  });

  it("refuses the pre-registrant's access token on the account routes; the owner's new one works", async () => {
    const email = uniqueEmail();
    const first = await signup(registration(email, (await invites.create(t.app.db)).code));
    const stolen = first.json().data.tokens.access_token as string;
    expect((await currentUser(stolen)).statusCode).toBe(200);

    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/google',
      payload: { authorization: await google.idToken({ sub: `g-${randomBytes(4).toString('hex')}`, email }) },
    });
    expect(owner.statusCode).toBe(200);

    const read = await currentUser(stolen);
    expect(read.statusCode).toBe(401);
    expect(read.json()).toEqual(sessionEnded);
    const write = await renameUser(stolen, 'Hijacked');
    expect(write.statusCode).toBe(401);
    expect(write.json()).toEqual(sessionEnded);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row?.name).toBe('Pre Registrant');

    const ownerToken = owner.json().data.tokens.access_token as string;
    const mine = await currentUser(ownerToken);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ email, verified: true });
    expect((await renameUser(ownerToken, 'Owner')).json().data.name).toBe('Owner');
  });
});

describe('password reset', () => {
  it('ends the access tokens signed before it', async () => {
    const email = uniqueEmail();
    const first = await signup(registration(email, (await invites.create(t.app.db)).code));
    const before = first.json().data.tokens.access_token as string;
    expect((await currentUser(before)).statusCode).toBe(200);

    const since = mail.mails.length;
    const auth = (path: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/v1/auth/${path}`, payload });
    expect((await auth('forget-password', { email })).statusCode).toBe(200);
    const code = mail.codeIn(await mail.waitForMail(email, since));
    const { token } = (await auth('verify-otp', { email, emailOtp: Number(code) })).json().data;
    expect((await auth('reset-password', { token, password: 'owner-pass-2' })).statusCode).toBe(200);

    const read = await currentUser(before);
    expect(read.statusCode).toBe(401);
    expect(read.json()).toEqual(sessionEnded);
    const login = await auth('login', { email, password: 'owner-pass-2' });
    expect((await currentUser(login.json().data.tokens.access_token)).statusCode).toBe(200);
  });
});

describe('sign-up without a valid invite code', () => {
  it('says nothing about the email: the same 400 for a taken address and a new one, nothing written', async () => {
    const taken = uniqueEmail();
    expect((await signup(registration(taken, (await invites.create(t.app.db)).code))).statusCode).toBe(201);
    const used = await invites.create(t.app.db, { maxUses: 1 });
    await t.app.db.update(inviteCodes).set({ uses: 1 }).where(eq(inviteCodes.id, used.id));

    for (const inviteCode of ['NO-SUCH-CODE', used.code]) {
      const answers = [];
      for (const email of [taken, uniqueEmail()]) {
        const res = await signup(registration(email, inviteCode));
        answers.push({ status: res.statusCode, body: res.json() });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toEqual({
        status: 400,
        body: {
          message: accountMessages.inviteInvalid,
          data: null,
          errors: [{ path: 'body.inviteCode', message: accountMessages.inviteInvalid }],
        },
      });
    }
  });

  it('with a valid invite, a taken address is a 409 and the invite use is given back', async () => {
    const taken = uniqueEmail();
    expect((await signup(registration(taken, (await invites.create(t.app.db)).code))).statusCode).toBe(201);
    const invite = await invites.create(t.app.db, { maxUses: 1 });
    const res = await signup(registration(taken.toUpperCase(), invite.code));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: accountMessages.emailTaken, data: null });
    const [row] = await t.app.db.select().from(inviteCodes).where(eq(inviteCodes.id, invite.id));
    expect(row?.uses).toBe(0);
    expect(await t.app.db.select().from(users).where(eq(users.email, taken))).toHaveLength(1);
  });
});
