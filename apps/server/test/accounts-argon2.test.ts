import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { createPasswordHasher, OWASP_ARGON2, scryptHash } from '../src/services/accounts/passwords.js';
import { createWorkQueue } from '../src/services/limits/work-queue.js';
import { useTestApp } from './helpers/app.js';

/**
 * Passwords are hashed with argon2id at OWASP's parameters; accounts from before keep their scrypt
 * hash until their next successful sign-in replaces it (docs/decisions/0018-exam-day-arrival.md).
 */
const t = useTestApp();

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
const storedHash = async (email: string) =>
  (await t.app.db.select().from(users).where(eq(users.email, email)))[0]!.passwordHash!;

describe('argon2id', () => {
  it("is the server's default at OWASP's minimum: 19 MiB, 2 passes, 1 lane", () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory://', JWT_SECRET: 'x'.repeat(32) });
    expect(config.passwordHashing.argon2).toEqual({ memoryKib: 19_456, timeCost: 2, parallelism: 1 });
    expect(OWASP_ARGON2).toEqual(config.passwordHashing.argon2);
  });

  it('hashes at the given parameters, verifies the right password only, and refuses a bad setting', async () => {
    const hasher = createPasswordHasher(OWASP_ARGON2);
    const hash = await hasher.hash('open sesame');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify('open sesame', hash)).toBe(true);
    expect(await hasher.verify('open sesame!', hash)).toBe(false);
    expect(await hasher.verify('open sesame', 'not a hash')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory://', ARGON2_MEMORY_KIB: '8' })).toThrow(
      /ARGON2_MEMORY_KIB/,
    );
  });
});

describe('an account from before argon2', () => {
  it('signs in with its scrypt hash, which the sign-in replaces by argon2id; the password keeps working', async () => {
    const email = 'old.scrypt@example.test';
    await t.app.db
      .insert(users)
      .values({ name: 'Old', email, passwordHash: await scryptHash('kept-pass', 10) });

    expect((await login(email, 'wrong-pass')).statusCode).toBe(401);
    expect(await storedHash(email)).toMatch(/^\$scrypt\$ln=10,/);

    expect((await login(email, 'kept-pass')).statusCode).toBe(200);
    expect(await storedHash(email)).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect((await login(email, 'kept-pass')).statusCode).toBe(200);
    expect((await login(email, 'wrong-pass')).statusCode).toBe(401);
  });

  it('is rehashed when the server moved to other argon2 settings', async () => {
    const email = 'old.argon2@example.test';
    const older = await createPasswordHasher({ memoryKib: 2048, timeCost: 1, parallelism: 1 }).hash(
      'kept-pass',
    );
    await t.app.db.insert(users).values({ name: 'Old', email, passwordHash: older });
    expect((await login(email, 'kept-pass')).statusCode).toBe(200);
    expect(await storedHash(email)).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('is not rehashed while sign-ins wait for the hashing queue: they keep their turns', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 5000 });
    const hasher = createPasswordHasher({ memoryKib: 1024, timeCost: 1, parallelism: 1 }, queue);
    const old = await scryptHash('kept-pass', 10);
    let release = () => {};
    const blocker = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = hasher.verify('kept-pass', old);
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    expect(await hasher.upgrade('kept-pass', old)).toBeNull();
    release();
    await blocker;
    expect(await waiting).toBe(true);
    expect(await hasher.upgrade('kept-pass', old)).toMatch(/^\$argon2id\$/);
  });
});
