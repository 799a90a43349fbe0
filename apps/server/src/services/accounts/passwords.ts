import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { limitMessages } from '@ai-tutor/contract';
import { AppError } from '../../lib/errors.js';
import { QueueBusyError, type WorkQueue } from '../limits/work-queue.js';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const R = 8;
const P = 1;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs about 128·N·r bytes; Node's default ceiling (32 MiB) is below N=2^17, r=8.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const FORMAT =
  /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

/** Every scrypt goes through `queue`; a full queue or a wait too long is 503 with Retry-After. */
function queued(queue: WorkQueue | null, work: () => Promise<Buffer>): Promise<Buffer> {
  if (!queue) return work();
  return queue.run(work).catch((error: unknown) => {
    if (!(error instanceof QueueBusyError)) throw error;
    throw new AppError(503, limitMessages.signInBusy(error.retryAfterSeconds), undefined, {
      'retry-after': String(error.retryAfterSeconds),
    });
  });
}

/**
 * Passwords: scrypt (N = 2^logN, r = 8, p = 1), random salt, parameters kept in the hash string
 * (`$scrypt$ln=17,r=8,p=1$salt$hash`) so a later change of cost still verifies old hashes. With a
 * queue, only its `concurrency` hashes hold threadpool threads at once (docs/decisions/0008).
 */
export function createPasswordHasher(logN: number, queue: WorkQueue | null = null) {
  let dummy: Promise<string> | null = null;
  const hash = async (password: string): Promise<string> => {
    const salt = randomBytes(SALT_LENGTH);
    const key = await queued(queue, () => derive(password, salt, logN, R, P));
    return `$scrypt$ln=${logN},r=${R},p=${P}$${salt.toString('base64')}$${key.toString('base64')}`;
  };
  const verify = async (password: string, stored: string): Promise<boolean> => {
    const match = FORMAT.exec(stored);
    if (!match) return false;
    const [, ln, r, p, salt, expected] = match;
    const logCost = Number(ln);
    if (logCost < 1 || logCost > 22) return false;
    const expectedKey = Buffer.from(expected ?? '', 'base64');
    const key = await queued(queue, () =>
      derive(password, Buffer.from(salt ?? '', 'base64'), logCost, Number(r), Number(p)),
    );
    return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
  };
  return {
    hash,
    verify,
    /**
     * Does the same work as a real check and always answers false: sign-in with an unknown email takes
     * as long as with a wrong password.
     */
    async verifyNothing(password: string): Promise<false> {
      // Made once, outside the queue: a busy queue must not leave a rejected dummy behind.
      dummy ??= createPasswordHasher(logN).hash(randomBytes(16).toString('hex'));
      await verify(password, await dummy);
      return false;
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
