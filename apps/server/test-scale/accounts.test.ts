import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailServer, type MailServer } from '../test/helpers/mail-server.js';
import {
  assertBuilt,
  call,
  cli,
  createRunDatabase,
  deleteRedisKeys,
  redisKeyPrefix,
  redisUrl,
  startInstance,
  type Instance,
  type RunDatabase,
} from './lib/instances.js';

/**
 * Two instances, one PostgreSQL database of this run, one Redis: accounts work whichever instance a
 * request reaches — sign-up and verification through real mail, sign-in on one and refresh on the
 * other, failed sign-ins and the OTP resend cooldown counted once for both, an invite code's last use
 * taken once.
 */
let db: RunDatabase;
let mail: MailServer;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  assertBuilt();
  db = await createRunDatabase();
  cli(db.url, 'migrate');
  cli(db.url, 'invites', 'create', '--code', 'SCALE-OPEN', '--max-uses', '1000');
  cli(db.url, 'invites', 'create', '--code', 'SCALE-LAST', '--max-uses', '3');
  mail = await startMailServer();
  const env = { DATABASE_URL: db.url, SMTP_URL: mail.url };
  [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await mail?.close();
  await db?.drop();
  await deleteRedisKeys();
});

const password = 'correct-horse-battery-9';
const signup = (instance: Instance, email: string, inviteCode = 'SCALE-OPEN') =>
  call(instance, 'POST', '/v1/auth/signup', {
    body: { inviteCode, name: 'Scale Learner', email, password, confirmPassword: password },
  });

describe('two instances, one PostgreSQL, one Redis', () => {
  it('signs up on one, resends on the other (cooldown holds), verifies, signs in on one, refreshes on the other', async () => {
    const email = `alternate-${Date.now()}@example.test`;
    const created = await signup(a, email);
    expect(created.status).toBe(201);
    const { tokens } = created.body.data as { tokens: { access_token: string; refresh_token: string } };

    // The sign-up mail on A started the cooldown; B sees it.
    const resend = await call(b, 'POST', '/v1/auth/resend-user-otp', { token: tokens.access_token });
    expect(resend.status).toBe(429);
    expect(Number(resend.headers.get('retry-after'))).toBeGreaterThan(30);

    const code = mail.codeIn(await mail.waitForMail(email));
    const verified = await call(b, 'POST', '/v1/auth/verify-user', {
      token: tokens.access_token,
      body: { email, emailOtp: code },
    });
    expect(verified.status).toBe(200);

    const login = await call(a, 'POST', '/v1/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    let refresh = (login.body.data as { tokens: { refresh_token: string } }).tokens.refresh_token;
    for (const instance of [b, a, b]) {
      const res = await call(instance, 'POST', '/v1/auth/refresh', { body: { refresh_token: refresh } });
      expect(res.status).toBe(200);
      const next = (res.body.data as { tokens: { refresh_token: string } }).tokens.refresh_token;
      expect(next).not.toBe(refresh);
      refresh = next;
    }
    const me = await call(a, 'GET', '/v1/users/current', {
      token: (login.body.data as { tokens: { access_token: string } }).tokens.access_token,
    });
    expect(me.status).toBe(200);
  });

  it('rotates a refresh token once when both instances get it at the same moment', async () => {
    const email = `race-${Date.now()}@example.test`;
    expect((await signup(b, email)).status).toBe(201);
    const login = await call(b, 'POST', '/v1/auth/login', { body: { email, password } });
    const refresh = (login.body.data as { tokens: { refresh_token: string } }).tokens.refresh_token;
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(i % 2 ? a : b, 'POST', '/v1/auth/refresh', { body: { refresh_token: refresh } }),
      ),
    );
    // One rotation wins the row lock; the others (two tabs refreshing together) get its successor
    // within the reuse grace — never a second successor.
    expect(replies.map((r) => r.status)).toEqual(Array(6).fill(200));
    const successors = new Set(
      replies.map((r) => (r.body.data as { tokens: { refresh_token: string } }).tokens.refresh_token),
    );
    expect(successors.size).toBe(1);
    const [row] = await db.query<{ issued: string; rotated: string }>(
      `SELECT count(*) AS issued, count(r.rotated_at) AS rotated
         FROM refresh_tokens r JOIN users u ON u.id = r.user_id WHERE u.email = $1`,
      [email],
    );
    // The sign-up's, the sign-in's and the one successor; the sign-in's rotated once.
    expect(Number(row!.issued)).toBe(3);
    expect(Number(row!.rotated)).toBe(1);
  });

  it('counts failed sign-ins across both instances', async () => {
    const email = `locked-${Date.now()}@example.test`;
    expect((await signup(a, email)).status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call(i % 2 ? a : b, 'POST', '/v1/auth/login', {
        body: { email, password: 'wrong-password-42' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    // The counter is one key in Redis, not two in memory.
    const redis = new Redis(redisUrl);
    expect(await redis.get(`${redisKeyPrefix}attempts:login-account:login:${email}`)).toBe('10');
    redis.disconnect();
    // The 11th attempt, on either instance and even with the right password, waits.
    for (const instance of [a, b]) {
      const res = await call(instance, 'POST', '/v1/auth/login', { body: { email, password } });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    }
  });

  it('hands out the last uses of an invite code once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        signup(i % 2 ? a : b, `invite-${i}-${Date.now()}@example.test`, 'SCALE-LAST'),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(3);
    const [row] = await db.query<{ uses: number }>(`SELECT uses FROM invite_codes WHERE code = 'SCALE-LAST'`);
    expect(row!.uses).toBe(3);
    const [users] = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM users WHERE used_invite_code = 'SCALE-LAST' OR invite_code_id = (SELECT id FROM invite_codes WHERE code = 'SCALE-LAST')`,
    );
    expect(Number(users!.n)).toBe(3);
  });
});
