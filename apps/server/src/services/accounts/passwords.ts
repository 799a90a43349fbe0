import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, parseOptions, type Algorithm } from '@node-rs/argon2';
import { limitMessages } from '@ai-tutor/contract';
import { AppError } from '../../lib/errors.js';
import { QueueBusyError, type WorkQueue } from '../limits/work-queue.js';

export interface Argon2Settings {
  /** KiB of memory per hash (argon2's m). */
  memoryKib: number;
  /** Passes over the memory (t). */
  timeCost: number;
  /** Lanes (p). */
  parallelism: number;
}

/** OWASP's minimum for argon2id, the server's default (config.ts). */
export const OWASP_ARGON2: Argon2Settings = { memoryKib: 19_456, timeCost: 2, parallelism: 1 };

// The package's `Algorithm` is a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const SCRYPT_KEY_LENGTH = 32;
const SCRYPT_SALT_LENGTH = 16;
const SCRYPT_FORMAT =
  /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

function scryptKey(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs about 128·N·r bytes; Node's default ceiling (32 MiB) is below N=2^17, r=8.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, SCRYPT_KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * A hash in the format every account had before argon2 (`$scrypt$ln=17,r=8,p=1$salt$hash`). Only tests
 * and the bench write it now, to stand for those accounts; sign-in still verifies it.
 */
export async function scryptHash(password: string, logN: number): Promise<string> {
  const salt = randomBytes(SCRYPT_SALT_LENGTH);
  const key = await scryptKey(password, salt, logN, 8, 1);
  return `$scrypt$ln=${logN},r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`;
}

async function scryptMatches(password: string, stored: RegExpExecArray): Promise<boolean> {
  const [, ln, r, p, salt, expected] = stored;
  const logCost = Number(ln);
  if (logCost < 1 || logCost > 22) return false;
  const expectedKey = Buffer.from(expected ?? '', 'base64');
  const key = await scryptKey(password, Buffer.from(salt ?? '', 'base64'), logCost, Number(r), Number(p));
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}

/** Every hash goes through `queue`; a full queue or a wait too long is 503 with Retry-After. */
function queued<T>(queue: WorkQueue | null, work: () => Promise<T>): Promise<T> {
  if (!queue) return work();
  return queue.run(work).catch((error: unknown) => {
    if (!(error instanceof QueueBusyError)) throw error;
    throw new AppError(503, limitMessages.signInBusy(error.retryAfterSeconds), undefined, {
      'retry-after': String(error.retryAfterSeconds),
    });
  });
}

/**
 * Passwords: argon2id at `settings` (OWASP's minimum by default), a random salt, the parameters kept in
 * the PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) so a later change of cost still verifies
 * old hashes; scrypt hashes from before argon2 still verify and are replaced at the next sign-in
 * (`upgrade`). With a queue, only its `concurrency` hashes hold threadpool threads at once
 * (docs/decisions/0008-limits-tell-an-attack-from-a-class.md, 0018-exam-day-arrival.md).
 */
export function createPasswordHasher(settings: Argon2Settings, queue: WorkQueue | null = null) {
  const options = {
    algorithm: ARGON2ID,
    memoryCost: settings.memoryKib,
    timeCost: settings.timeCost,
    parallelism: settings.parallelism,
  };
  let dummy: Promise<string> | null = null;

  const hash = (password: string): Promise<string> =>
    queued(queue, () => argon2Hash(password.normalize('NFKC'), options));

  const verify = async (password: string, stored: string): Promise<boolean> => {
    const legacy = SCRYPT_FORMAT.exec(stored);
    if (legacy) return queued(queue, () => scryptMatches(password, legacy));
    if (!stored.startsWith('$argon2')) return false;
    return queued(queue, () => argon2Verify(stored, password.normalize('NFKC')).catch(() => false));
  };

  /** A hash from before argon2, or at other settings than the server's. */
  const needsRehash = (stored: string): boolean => {
    if (!stored.startsWith('$argon2id$')) return true;
    try {
      const used = parseOptions(stored);
      return (
        used.memoryCost !== settings.memoryKib ||
        used.timeCost !== settings.timeCost ||
        used.parallelism !== settings.parallelism
      );
    } catch {
      return true;
    }
  };

  return {
    hash,
    verify,
    needsRehash,
    /**
     * After a successful sign-in: the password hashed anew when the stored hash is old, or null. Never
     * while sign-ins wait in the queue: a rehash would take a turn from them; a later sign-in does it.
     */
    async upgrade(password: string, stored: string): Promise<string | null> {
      if (!needsRehash(stored) || (queue && queue.load.waiting > 0)) return null;
      return hash(password).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 503) return null;
        throw error;
      });
    },
    /**
     * Does the same work as a real check and always answers false: sign-in with an unknown email takes
     * as long as with a wrong password.
     */
    async verifyNothing(password: string): Promise<false> {
      // Made once, outside the queue: a busy queue must not leave a rejected dummy behind.
      dummy ??= argon2Hash(randomBytes(16).toString('hex'), options);
      await verify(password, await dummy);
      return false;
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
