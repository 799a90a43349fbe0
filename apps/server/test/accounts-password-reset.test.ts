import { mailTexts } from '@ai-tutor/contract';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifications } from '../src/db/schema.js';
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
afterEach(() => {
  vi.useRealTimers();
});

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload });

async function account(password = 'first-pass') {
  const email = `reset.${randomBytes(4).toString('hex')}@example.test`;
  const { code: inviteCode } = await invites.create(t.app.db);
  const res = await post('signup', { name: 'Meera', email, password, confirmPassword: password, inviteCode });
  expect(res.statusCode).toBe(201);
  await mail.waitForMail(email); // the verification mail
  return { email, session: res.json().data as { tokens: { refresh_token: string } } };
}

/** Requests a reset code and reads it from the mail. */
async function resetCode(email: string) {
  const since = mail.mails.length;
  const res = await post('forget-password', { email });
  expect(res.statusCode).toBe(200);
  const received = await mail.waitForMail(email, since);
  expect(received.subject).toBe(mailTexts.subjectWithExpiry(mailTexts['reset-password'].subject));
  expect(received.text).toContain(mailTexts.codeIntro(mailTexts['reset-password'].what));
  expect(received.text).toContain(mailTexts.expiry);
  return mail.codeIn(received);
}

describe('forgot password', () => {
  it('mails a code, trades it for a token, resets the password and signs out every session', async () => {
    const { email, session } = await account();
    const code = await resetCode(email.toUpperCase().replace('@EXAMPLE.TEST', '@example.test'));

    const verified = await post('verify-otp', { email, emailOtp: Number(code) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe('Code verified. You can now set a new password.');
    const { token } = verified.json().data;
    expect(token).toEqual(expect.any(String));

    const reset = await post('reset-password', { token, password: 'second-pass' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({
      message: 'Your password has been reset. Please sign in with your new password.',
      data: null,
    });

    expect((await post('login', { email, password: 'first-pass' })).statusCode).toBe(401);
    const login = await post('login', { email, password: 'second-pass' });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.verified).toBe(true);

    // The session from before the reset is gone.
    expect((await post('refresh', { refresh_token: session.tokens.refresh_token })).statusCode).toBe(401);
    // The token was single use.
    expect((await post('reset-password', { token, password: 'third-pass' })).statusCode).toBe(400);
    // So was the code.
    expect((await post('verify-otp', { email, emailOtp: code })).statusCode).toBe(400);
  });

  it('gives the same answer, and sends nothing, for an address without an account', async () => {
    const { email } = await account();
    const unknown = `nobody.${randomBytes(4).toString('hex')}@example.test`;
    const since = mail.mails.length;

    const known = await post('forget-password', { email });
    const missing = await post('forget-password', { email: unknown });
    expect(missing.statusCode).toBe(known.statusCode);
    expect(missing.json()).toEqual(known.json());
    expect(known.json()).toEqual({
      message: 'If an account exists for this email, we have sent a code to it',
      data: null,
    });

    // Resend within the minute: the same 429 for both.
    const knownAgain = await post('resend-otp', { email });
    const missingAgain = await post('resend-otp', { email: unknown });
    expect(knownAgain.statusCode).toBe(429);
    expect(missingAgain.statusCode).toBe(429);
    expect(missingAgain.json()).toEqual(knownAgain.json());
    expect(Number(missingAgain.headers['retry-after'])).toBeGreaterThan(0);

    // A code for an unknown address fails exactly like a wrong code for a known one.
    const code = mail.codeIn(await mail.waitForMail(email, since));
    const wrongKnown = await post('verify-otp', {
      email,
      emailOtp: String((Number(code) + 1) % 1e6).padStart(6, '0'),
    });
    const wrongUnknown = await post('verify-otp', { email: unknown, emailOtp: code });
    expect(wrongUnknown.statusCode).toBe(400);
    expect(wrongUnknown.json()).toEqual(wrongKnown.json());
    expect(mail.mailsTo(unknown)).toHaveLength(0);
  });

  it('resend-otp sends a new code after the cooldown, replacing the old one', async () => {
    const { email } = await account();
    const first = await resetCode(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const since = mail.mails.length;
    const resent = await post('resend-otp', { email });
    expect(resent.statusCode).toBe(200);
    const second = mail.codeIn(await mail.waitForMail(email, since));
    if (first !== second) expect((await post('verify-otp', { email, emailOtp: first })).statusCode).toBe(400);
    expect((await post('verify-otp', { email, emailOtp: second })).statusCode).toBe(200);
  });

  it('kills the code after 5 wrong tries', async () => {
    const { email } = await account();
    const code = await resetCode(email);
    const wrong = String((Number(code) + 7) % 1e6).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expect((await post('verify-otp', { email, emailOtp: wrong })).statusCode).toBe(400);
    expect((await post('verify-otp', { email, emailOtp: code })).statusCode).toBe(400);
  });

  it('refuses an expired code and an expired reset token (15 minutes)', async () => {
    const { email } = await account();
    const code = await resetCode(email);
    await t.app.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(verifications.purpose, 'reset-password-otp'), eq(verifications.target, email)));
    expect((await post('verify-otp', { email, emailOtp: code })).statusCode).toBe(400);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const fresh = await resetCode(email);
    vi.useRealTimers();
    const { token } = (await post('verify-otp', { email, emailOtp: fresh })).json().data;
    const rows = await t.app.db
      .select()
      .from(verifications)
      .where(eq(verifications.purpose, 'reset-password-token'));
    const mine = rows.find((r) => token.startsWith(r.target));
    expect(mine).toBeDefined();
    const lifetime = (mine!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(lifetime).toBeGreaterThan(14);
    expect(lifetime).toBeLessThanOrEqual(15);
    expect(mine!.codeHash).not.toContain(token);
    await t.app.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, mine!.id));
    const res = await post('reset-password', { token, password: 'another-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This password reset link is invalid or has expired. Please start again.',
    );
  });

  it('refuses made-up tokens', async () => {
    for (const token of ['x', `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.${'A'.repeat(43)}`]) {
      expect((await post('reset-password', { token, password: 'another-pass' })).statusCode).toBe(400);
    }
  });
});
