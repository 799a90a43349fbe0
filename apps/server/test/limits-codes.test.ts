import { randomBytes } from 'node:crypto';
import { limitMessages, OTP_CODES_PER_DAY, OTP_MAX_ATTEMPTS, OTP_TRIES_PER_DAY } from '@ai-tutor/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { invites } from '../src/services/accounts/invites.js';
import { useTestApp } from './helpers/app.js';
import { startMailServer, type MailServer } from './helpers/mail-server.js';

/**
 * Reset and verification codes are capped per account per day (docs/decisions/0008): a new code each
 * cooldown and 5 tries at each used to allow ~7,200 guesses a day at one account.
 */
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

const DAY = 86_400;
const post = (url: string, payload?: Record<string, unknown>, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, headers });
/** Past the one-minute resend cooldown (Date only: the limiter's windows follow it). */
const minuteLater = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 61_000);
};
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function account() {
  const email = `codes.${randomBytes(4).toString('hex')}@example.test`;
  const { code: inviteCode } = await invites.create(t.app.db);
  const res = await post('signup', {
    name: 'Asha',
    email,
    password: 'secret-pass',
    confirmPassword: 'secret-pass',
    inviteCode,
  });
  expect(res.statusCode).toBe(201);
  const code = mail.codeIn(await mail.waitForMail(email));
  return { email, code, headers: { authorization: `Bearer ${res.json().data.tokens.access_token}` } };
}

/** A 429 that says, in its message and in Retry-After, to come back within the day. */
function expectComeBackTomorrow(res: Awaited<ReturnType<typeof post>>, message: (s: number) => string) {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(DAY - 60 * 60);
  expect(seconds).toBeLessThanOrEqual(DAY);
  expect(res.json()).toEqual({ message: message(seconds), data: null });
  expect(res.json().message).toMatch(/Please try again in \d+ h \d+ min\.$/);
}

describe('password reset codes', () => {
  it(`mails at most ${OTP_CODES_PER_DAY} codes a day to one address, then says when to come back`, async () => {
    const { email } = await account();
    for (let i = 0; i < OTP_CODES_PER_DAY; i++) {
      if (i > 0) minuteLater();
      const since = mail.mails.length;
      expect((await post(i % 2 ? 'resend-otp' : 'forget-password', { email })).statusCode).toBe(200);
      await mail.waitForMail(email, since);
    }
    minuteLater();
    const since = mail.mails.length;
    expectComeBackTomorrow(await post('resend-otp', { email }), limitMessages.tooManyCodes);
    expectComeBackTomorrow(await post('forget-password', { email }), limitMessages.tooManyCodes);
    expect(mail.mails.length).toBe(since);
  });

  it(`takes at most ${OTP_TRIES_PER_DAY} tries a day, even at a fresh code, the right one included`, async () => {
    const { email } = await account();
    let code = '';
    for (let round = 0; round * OTP_MAX_ATTEMPTS < OTP_TRIES_PER_DAY + 1; round++) {
      if (round > 0) minuteLater();
      const since = mail.mails.length;
      expect((await post('forget-password', { email })).statusCode).toBe(200);
      code = mail.codeIn(await mail.waitForMail(email, since));
      if ((round + 1) * OTP_MAX_ATTEMPTS > OTP_TRIES_PER_DAY) break;
      for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
        expect((await post('verify-otp', { email, emailOtp: wrong(code) })).statusCode).toBe(400);
      }
    }
    expectComeBackTomorrow(
      await post('verify-otp', { email, emailOtp: code }),
      limitMessages.tooManyCodeTries,
    );
  });
});

describe('account verification codes', () => {
  it(`resend-user-otp mails at most ${OTP_CODES_PER_DAY} more codes a day`, async () => {
    const { email, headers } = await account();
    for (let i = 0; i < OTP_CODES_PER_DAY; i++) {
      minuteLater();
      expect((await post('resend-user-otp', undefined, headers)).statusCode).toBe(200);
    }
    minuteLater();
    const since = mail.mailsTo(email).length;
    expectComeBackTomorrow(await post('resend-user-otp', undefined, headers), limitMessages.tooManyCodes);
    expect(mail.mailsTo(email)).toHaveLength(since);
  });

  it(`verify-user takes at most ${OTP_TRIES_PER_DAY} tries a day`, async () => {
    const { email, headers, code: first } = await account();
    let code = first;
    for (let round = 0; (round + 1) * OTP_MAX_ATTEMPTS <= OTP_TRIES_PER_DAY; round++) {
      for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
        expect((await post('verify-user', { email, emailOtp: wrong(code) }, headers)).statusCode).toBe(400);
      }
      minuteLater();
      const since = mail.mails.length;
      expect((await post('resend-user-otp', undefined, headers)).statusCode).toBe(200);
      code = mail.codeIn(await mail.waitForMail(email, since));
    }
    expectComeBackTomorrow(
      await post('verify-user', { email, emailOtp: code }, headers),
      limitMessages.tooManyCodeTries,
    );
  });
});
