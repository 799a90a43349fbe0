import { limitMessages, OTP_RESEND_COOLDOWN_SECONDS } from '@ai-tutor/contract';
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

/** Signs up; answers the address, bearer headers and the code from the real mail. */
async function registered() {
  const email = `otp.${randomBytes(4).toString('hex')}@example.test`;
  const { code: inviteCode } = await invites.create(t.app.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { name: 'Ravi', email, password: 'secret-pass', confirmPassword: 'secret-pass', inviteCode },
  });
  expect(res.statusCode).toBe(201);
  const { data } = res.json();
  const code = mail.codeIn(await mail.waitForMail(email));
  return {
    email,
    userId: data.user.id as string,
    code,
    headers: { authorization: `Bearer ${data.tokens.access_token}` },
  };
}

const verifyUser = (headers: Record<string, string>, email: string, emailOtp: string | number) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-user', headers, payload: { email, emailOtp } });
const resendUserOtp = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/resend-user-otp', headers });
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('account OTP (ASVS 5.0 §6.5)', () => {
  it('says how many tries are left, and after 5 wrong tries even the right code is dead', async () => {
    const { email, code, headers } = await registered();
    const wrong = otherCode(code);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verifyUser(headers, email, wrong);
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      'Incorrect code. 4 tries left.',
      'Incorrect code. 3 tries left.',
      'Incorrect code. 2 tries left.',
      'Incorrect code. 1 try left.',
      'Incorrect code. This code can no longer be used. Please request a new one.',
    ]);
    const right = await verifyUser(headers, email, code);
    expect(right.statusCode).toBe(410);
    expect(right.json().message).toBe(
      'This code has expired or is no longer valid. Please request a new one.',
    );
  });

  it('caps parallel guesses at 5 comparisons too', async () => {
    const { email, code, headers } = await registered();
    const wrong = otherCode(code);
    const results = await Promise.all(Array.from({ length: 8 }, () => verifyUser(headers, email, wrong)));
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 410)).toHaveLength(3);
    expect((await verifyUser(headers, email, code)).statusCode).toBe(410);
  });

  it('expires after 10 minutes', async () => {
    const { email, userId, code, headers } = await registered();
    const [row] = await t.app.db
      .select()
      .from(verifications)
      .where(and(eq(verifications.purpose, 'verify-account'), eq(verifications.target, userId)));
    const lifetime = (row!.expiresAt.getTime() - row!.sentAt.getTime()) / 60_000;
    expect(lifetime).toBeCloseTo(10, 1);
    await t.app.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, row!.id));
    expect((await verifyUser(headers, email, code)).statusCode).toBe(410);
  });

  it('is single use', async () => {
    const { email, userId, code, headers } = await registered();
    expect((await verifyUser(headers, email, code)).statusCode).toBe(200);
    const left = await t.app.db.select().from(verifications).where(eq(verifications.target, userId));
    expect(left).toHaveLength(0);
  });

  it('resend: 429 with Retry-After within the cooldown of the last mail; afterwards a new code replaces the old', async () => {
    const { email, code: first, headers } = await registered();
    const tooSoon = await resendUserOtp(headers);
    expect(tooSoon.statusCode).toBe(429);
    const retryAfter = Number(tooSoon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(OTP_RESEND_COOLDOWN_SECONDS);
    expect(tooSoon.json().message).toBe(limitMessages.resendTooSoon(retryAfter));
    expect(mail.mailsTo(email)).toHaveLength(1);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const since = mail.mails.length;
    const resent = await resendUserOtp(headers);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({
      message: 'A new verification code has been sent to your email',
      data: null,
    });
    const second = mail.codeIn(await mail.waitForMail(email, since));
    expect((await resendUserOtp(headers)).statusCode).toBe(429);

    if (second !== first) {
      const old = await verifyUser(headers, email, first);
      expect(old.statusCode).toBe(400);
    }
    expect((await verifyUser(headers, email, second)).statusCode).toBe(200);
    expect((await resendUserOtp(headers)).statusCode).toBe(409);
  });

  it('a failed resend mail does not hold the cooldown', async () => {
    const { headers } = await registered();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    mail.failing = true;
    try {
      expect((await resendUserOtp(headers)).statusCode).toBe(503);
    } finally {
      mail.failing = false;
    }
    expect((await resendUserOtp(headers)).statusCode).toBe(200);
  });
});
