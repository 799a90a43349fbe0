import { randomBytes } from 'node:crypto';
import { limitMessages } from '@ai-tutor/contract';
import { describe, expect, it } from 'vitest';
import { inviteCodes, users } from '../src/db/schema.js';
import { createPasswordHasher } from '../src/services/accounts/passwords.js';
import { type TestApp, buildTestApp, useTestApp } from './helpers/app.js';

/**
 * Sign-in limits that tell an attack from a class (docs/decisions/0008): failures are counted per
 * account and per address, correct sign-ins are not, and password hashing waits in a bounded queue
 * that token refresh never enters.
 */
const t = useTestApp();

const PASSWORD = 'class-pass';
const login = (app: TestApp['app'], email: string, password: string, address: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: address,
  });

/** `count` learners with PASSWORD, written straight to the database (sign-up is not under test). */
async function learners(
  app: TestApp['app'],
  count: number,
  argon2 = t.config.passwordHashing.argon2,
): Promise<string[]> {
  const passwordHash = await createPasswordHasher(argon2).hash(PASSWORD);
  const tag = randomBytes(4).toString('hex');
  const emails = Array.from({ length: count }, (_, i) => `learner${i}.${tag}@example.test`);
  await app.db.insert(users).values(emails.map((email) => ({ name: 'Learner', email, passwordHash })));
  return emails;
}

/** Runs `tasks` `width` at a time, like a lab clicking "Sign in" over a minute. */
async function inWaves<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += width) {
    results.push(...(await Promise.all(tasks.slice(i, i + width).map((task) => task()))));
  }
  return results;
}

describe('a class behind one address', () => {
  it('300 learners sign in from one school address, typos and all', async () => {
    const emails = await learners(t.app, 300);
    const school = '198.51.100.9';
    // One in ten mistypes first: 30 failures from the address, well under its limit.
    const typos = await inWaves(
      emails.filter((_, i) => i % 10 === 0).map((email) => () => login(t.app, email, 'clas-pass', school)),
      20,
    );
    expect(typos.map((r) => r.statusCode)).toEqual(Array(30).fill(401));
    const signIns = await inWaves(
      emails.map((email) => () => login(t.app, email, PASSWORD, school)),
      20,
    );
    const statuses = signIns.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(signIns[299]!.json().data.user.email).toBe(emails[299]);
  });
});

describe('a class registering on its first day', () => {
  it('100 learners register and enter codes from one school address without being turned away', async () => {
    const code = `LAB-${randomBytes(3).toString('hex').toUpperCase()}`;
    await t.app.db.insert(inviteCodes).values({ code, maxUses: 100 });
    const school = '198.51.100.23';
    const tag = randomBytes(3).toString('hex');
    const signUps = await inWaves(
      Array.from(
        { length: 100 },
        (_, i) => () =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/signup',
            remoteAddress: school,
            payload: {
              name: `Learner ${i}`,
              email: `lab${i}.${tag}@example.test`,
              phone: '',
              password: PASSWORD,
              confirmPassword: PASSWORD,
              inviteCode: code,
            },
          }),
      ),
      20,
    );
    expect(signUps.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
    // A mistyped code is that learner's own try (capped per account), not the school's.
    const typos = await inWaves(
      signUps.map(
        (r) => () =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/verify-user',
            remoteAddress: school,
            headers: { authorization: `Bearer ${r.json().data.tokens.access_token}` },
            payload: { email: r.json().data.user.email, emailOtp: '000000' },
          }),
      ),
      20,
    );
    expect(typos.map((r) => r.statusCode).filter((s) => s !== 400)).toEqual([]);
  });
});

describe('guessers', () => {
  it('wrong passwords from one address are cut off for the failure window, whichever accounts they try', async () => {
    const [victim] = await learners(t.app, 1);
    const attacker = '203.0.113.7';
    for (let i = 0; i < 60; i++) {
      const res = await login(
        t.app,
        `guess${i}.${randomBytes(3).toString('hex')}@example.test`,
        'p4ssword',
        attacker,
      );
      expect(res.statusCode).toBe(401);
    }
    const cut = await login(t.app, victim!, 'p4ssword', attacker);
    expect(cut.statusCode).toBe(429);
    expect(cut.json()).toEqual({
      message: 'Too many failed sign-in attempts. Please try again later.',
      data: null,
    });
    const retryAfter = Number(cut.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The right password from there is refused too (else guessing would go on), elsewhere it works.
    expect((await login(t.app, victim!, PASSWORD, attacker)).statusCode).toBe(429);
    expect((await login(t.app, victim!, PASSWORD, '192.0.2.44')).statusCode).toBe(200);
  });

  it('a guesser of one account is cut off whatever address each guess comes from', async () => {
    const [victim] = await learners(t.app, 1);
    for (let i = 0; i < 10; i++) {
      expect((await login(t.app, victim!, `guess-${i}`, `100.64.0.${i + 1}`)).statusCode).toBe(401);
    }
    const cut = await login(t.app, victim!, PASSWORD, '100.64.0.99');
    expect(cut.statusCode).toBe(429);
    expect(Number(cut.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });
});

describe('the hashing queue', () => {
  it('answers 503 with Retry-After when full, while another user refreshes their session', async () => {
    // One hash at a time, one waiting; a cost that keeps each hash busy while the burst arrives.
    const busy = await buildTestApp({
      ARGON2_MEMORY_KIB: '65536',
      ARGON2_TIME_COST: '3',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '1',
    });
    try {
      const [other, ...burst] = await learners(busy.app, 7, busy.config.passwordHashing.argon2);
      const signedIn = await login(busy.app, other!, PASSWORD, '192.0.2.1');
      expect(signedIn.statusCode).toBe(200);
      const refreshToken: string = signedIn.json().data.tokens.refresh_token;

      const signIns = Promise.all(burst.map((email) => login(busy.app, email, PASSWORD, '203.0.113.50')));
      const refreshed = await busy.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: refreshToken },
        remoteAddress: '192.0.2.1',
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().data.user.email).toBe(other);

      const answers = await signIns;
      const turnedAway = answers.filter((r) => r.statusCode === 503);
      expect(turnedAway.length).toBeGreaterThan(0);
      expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
      expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true);
      for (const res of turnedAway) {
        const seconds = Number(res.headers['retry-after']);
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(res.json()).toEqual({ message: limitMessages.signInBusy(seconds), data: null });
      }
      // Turned away is not a failure: those learners sign in once the burst is over.
      const again = await login(busy.app, burst[burst.length - 1]!, PASSWORD, '203.0.113.50');
      expect(again.statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  });
});
