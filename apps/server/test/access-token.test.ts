import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from '../src/lib/access-token.js';

const SECRET = 'access-token-test-secret-long-enough-for-hs256';
const claims = { userId: 'user-1', verified: true, inviteUsed: true, sessionGeneration: 0 };

afterEach(() => {
  vi.useRealTimers();
});

/** A token with the right shape but chosen header, claims or key. */
function forge(
  options: { secret?: string; alg?: 'HS256' | 'HS512'; typ?: string; iss?: string; aud?: string } = {},
) {
  return new SignJWT({ ver: true, inv: true })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: options.typ ?? 'at+jwt' })
    .setSubject('user-1')
    .setIssuer(options.iss ?? 'ai-tutor')
    .setAudience(options.aud ?? 'ai-tutor-api')
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(Buffer.from(options.secret ?? SECRET));
}

describe('access tokens', () => {
  it('carry the session generation they were signed with; one without it counts as 0', async () => {
    const tokens = createAccessTokens(SECRET, 900);
    const later = { ...claims, sessionGeneration: 3 };
    expect(await tokens.verify(await tokens.sign(later))).toEqual(later);
    expect(
      await tokens.verify(await tokens.sign({ userId: 'user-1', verified: true, inviteUsed: true })),
    ).toEqual(claims);
    expect((await tokens.verify(await forge())).sessionGeneration).toBe(0);
  });

  it('verify what they signed, again and again', async () => {
    const tokens = createAccessTokens(SECRET, 900);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('refuse a token once it has expired, also after it was verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createAccessTokens(SECRET, 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 59_000);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 1_000);
    await expect(tokens.verify(token)).rejects.toThrow();
  });

  it('refuse another key, a changed payload or signature, another algorithm, type, issuer or audience', async () => {
    const tokens = createAccessTokens(SECRET, 900);
    const good = await tokens.sign(claims);
    expect(await tokens.verify(good)).toEqual(claims);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const otherUser = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'user-2' }),
    ).toString('base64url');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const bad = [
      await forge({ secret: 'another-secret-that-is-also-long-enough!' }),
      `${header}.${otherUser}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${header}.${payload}.`,
      await forge({ alg: 'HS512' }),
      await forge({ typ: 'JWT' }),
      await forge({ iss: 'someone-else' }),
      await forge({ aud: 'another-api' }),
      'not-a-token',
    ];
    for (const token of bad) await expect(tokens.verify(token), token).rejects.toThrow();
    expect(await tokens.verify(await forge())).toEqual(claims);
  });
});
