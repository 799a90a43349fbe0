import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@ai-tutor/contract';

/** A one-time code of OTP_LENGTH digits from the CSPRNG ("012345" is as likely as any other). */
export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** An opaque token of 256 random bits. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Upper-case letters and digits without the look-alikes I, O, 0, 1: 32 symbols, 5 bits each. */
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function generateInviteCode(): string {
  const pick = () =>
    Array.from({ length: 4 }, () => INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

/** Invite codes are case-insensitive: stored and compared upper case. */
export const normalizeInviteCode = (code: string) => code.trim().toUpperCase();

/**
 * Keyed hashes (HMAC-SHA256 with the server secret) for everything stored in place of a secret: OTPs,
 * reset tokens, refresh tokens. The label binds a hash to its use, so one kind can never stand for another.
 */
export function createSecretHasher(secret: string) {
  const hash = (label: string, value: string) =>
    createHmac('sha256', secret).update(label).update('\n').update(value).digest('hex');
  return {
    hash,
    /** Constant-time comparison of a stored hash with the hash of a presented value. */
    matches(storedHash: string, label: string, value: string): boolean {
      const a = Buffer.from(storedHash, 'hex');
      const b = Buffer.from(hash(label, value), 'hex');
      return a.length === b.length && timingSafeEqual(a, b);
    },
    /** A deterministic 256-bit token derived from another: HMAC(secret, label ‖ value), base64url. */
    derive(label: string, value: string): string {
      return createHmac('sha256', secret).update(label).update('\n').update(value).digest('base64url');
    },
  };
}
export type SecretHasher = ReturnType<typeof createSecretHasher>;
