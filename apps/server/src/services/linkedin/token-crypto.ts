import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * LinkedIn access tokens are stored encrypted: AES-256-GCM with a key derived from JWT_SECRET by HKDF
 * (SHA-256, its own salt and label, so the key is used for nothing else). Stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. Changing JWT_SECRET makes stored tokens unreadable: the
 * learner connects LinkedIn again.
 */

const VERSION = 'v1';
const SALT = 'ai-tutor/linkedin-token';
const INFO = 'aes-256-gcm v1';

export function tokenKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, INFO, 32));
}

export function encryptToken(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    VERSION,
    iv.toString('base64url'),
    tag.toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

/** The token, or null when the value was not written with this key (or was tampered with). */
export function decryptToken(key: Buffer, stored: string): string | null {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
