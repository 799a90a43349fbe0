import { aiMessages, type Post } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkedinConnections, posts } from '../src/db/schema.js';
import { littleText } from '../src/services/linkedin/linkedin-client.js';
import { decryptToken, encryptToken, tokenKey } from '../src/services/linkedin/token-crypto.js';
import { insertCompletedAttempt } from './helpers/ai-fixtures.js';
import { type UsedTestApp, useTestApp } from './helpers/app.js';
import {
  ACCESS_TOKEN,
  GOOD_CODE,
  linkedinEnv,
  MEMBER_ID,
  startFakeLinkedin,
  type FakeLinkedin,
} from './helpers/fake-linkedin.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

const REDIRECT = 'https://tutor.example.test/linkedin/callback';

function calls(t: UsedTestApp) {
  return {
    token: (who: TestLearner, code = GOOD_CODE) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/linkedin/token',
        headers: who.headers,
        payload: { code, redirectUri: REDIRECT },
      }),
    publish: (who: TestLearner, postId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/linkedin/post',
        headers: who.headers,
        payload: { postId },
      }),
    unlink: (who: TestLearner, id: string) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/users/${id}/unlink-linkedin`, headers: who.headers }),
    connection: (who: TestLearner) =>
      t.app.inject({ method: 'GET', url: '/api/v1/linkedin/connection', headers: who.headers }),
    authorize: (who: TestLearner) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/auth/linkedin/authorize?redirectUri=${encodeURIComponent(REDIRECT)}&state=state-12345678`,
        headers: who.headers,
      }),
    draft: async (who: TestLearner) => {
      const { attempt } = await insertCompletedAttempt(t.app.db, who.id);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/post/generate',
        headers: who.headers,
        payload: { assessmentSlug: attempt.slug },
      });
      return res.json().data.post as Post;
    },
  };
}

describe('token encryption', () => {
  it('round-trips with AES-256-GCM under an HKDF key and refuses another key or a tampered value', () => {
    const key = tokenKey('a-secret-that-is-long-enough-for-the-test');
    const stored = encryptToken(key, 'token-value');
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('token-value');
    expect(encryptToken(key, 'token-value')).not.toBe(stored); // fresh IV
    expect(decryptToken(key, stored)).toBe('token-value');
    expect(decryptToken(tokenKey('another-secret-that-is-long-enough!!'), stored)).toBeNull();
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(decryptToken(key, parts.join('.'))).toBeNull();
  });

  it('escapes LinkedIn little-text reserved characters and keeps hashtags', () => {
    expect(littleText('3 / 12 (25.0%) *wow* #ExamPrep_ok')).toBe(
      '3 / 12 \\(25.0%\\) \\*wow\\* {hashtag|\\#|ExamPrep}\\_ok',
    );
  });
});

describe('LinkedIn without settings', () => {
  let learner: TestLearner;
  let call: ReturnType<typeof calls>;
  const t = useTestApp();
  beforeAll(async () => {
    learner = await createLearner(t.app);
    call = calls(t);
  });

  it('answers 503 naming the missing settings for token exchange, authorisation and publishing', async () => {
    const post = await call.draft(learner);
    for (const res of [
      await call.token(learner),
      await call.authorize(learner),
      await call.publish(learner, post._id),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'LinkedIn is not configured on this server: LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET are not set.',
      );
    }
    expect((await call.connection(learner)).json().data).toEqual({
      configured: false,
      connected: false,
      expiresAt: null,
    });
  });

  it('still lets a learner forget a stored token', async () => {
    expect((await call.unlink(learner, learner.id)).statusCode).toBe(200);
  });
});

describe('LinkedIn with settings', () => {
  let linkedin: FakeLinkedin;
  let learner: TestLearner;
  let other: TestLearner;
  let call: ReturnType<typeof calls>;
  beforeAll(async () => {
    linkedin = await startFakeLinkedin();
  });
  afterAll(async () => {
    await linkedin.close();
  });
  const t = useTestApp(() => ({ ...linkedinEnv(linkedin), PUBLIC_URL: 'https://tutor.example.test' }));
  beforeAll(async () => {
    learner = await createLearner(t.app);
    other = await createLearner(t.app);
    call = calls(t);
  });
  beforeEach(() => {
    linkedin.requests.length = 0;
  });

  it('gives the LinkedIn authorisation URL with OpenID Connect and posting scopes', async () => {
    const res = await call.authorize(learner);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${linkedin.oauthUrl}/authorization`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'test-client-id',
      redirect_uri: REDIRECT,
      state: 'state-12345678',
      scope: 'openid profile w_member_social',
    });
  });

  it('refuses to publish before LinkedIn is connected (409)', async () => {
    const post = await call.draft(learner);
    const res = await call.publish(learner, post._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(aiMessages.linkedinNotConnected);
    expect(linkedin.requests).toHaveLength(0);
  });

  it('400 when LinkedIn refuses the authorisation code; nothing stored', async () => {
    const res = await call.token(learner, 'stolen-or-stale-code');
    expect(res.statusCode).toBe(400);
    const rows = await t.app.db
      .select()
      .from(linkedinConnections)
      .where(eq(linkedinConnections.userId, learner.id));
    expect(rows).toHaveLength(0);
  });

  it('exchanges the code and stores the token encrypted', async () => {
    const res = await call.token(learner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ configured: true, connected: true });

    const exchange = linkedin.requests.find((r) => r.path === '/oauth/v2/accessToken');
    expect(exchange!.form).toEqual({
      grant_type: 'authorization_code',
      code: GOOD_CODE,
      redirect_uri: REDIRECT,
      client_id: 'test-client-id',
      client_secret: 'test-client-secret',
    });
    const userinfo = linkedin.requests.find((r) => r.path === '/v2/userinfo');
    expect(userinfo!.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);

    const [row] = await t.app.db
      .select()
      .from(linkedinConnections)
      .where(eq(linkedinConnections.userId, learner.id));
    expect(row!.memberId).toBe(MEMBER_ID);
    expect(row!.accessTokenEncrypted).not.toContain(ACCESS_TOKEN);
    expect(decryptToken(tokenKey(t.config.jwtSecret), row!.accessTokenEncrypted)).toBe(ACCESS_TOKEN);
    expect(row!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect((await call.connection(learner)).json().data).toMatchObject({ configured: true, connected: true });
  });

  it('publishes through the Posts API and marks the post published; a second publish is 409', async () => {
    await call.token(learner);
    const post = await call.draft(learner);
    linkedin.requests.length = 0;
    const res = await call.publish(learner, post._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.post).toMatchObject({ _id: post._id, status: 'published' });
    expect(res.json().data.post.publishedAt).not.toBeNull();

    expect(linkedin.requests).toHaveLength(1);
    const sent = linkedin.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/rest/posts');
    expect(sent.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(sent.headers['linkedin-version']).toMatch(/^\d{6}$/);
    expect(sent.headers['x-restli-protocol-version']).toBe('2.0.0');
    expect(sent.json).toMatchObject({
      author: `urn:li:person:${MEMBER_ID}`,
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      distribution: { feedDistribution: 'MAIN_FEED' },
    });
    const commentary = String(sent.json!.commentary);
    expect(commentary).toContain(`https://tutor.example.test/achievements/${post._id}`);
    expect(commentary).toContain('\\(25.0%\\)');

    const [row] = await t.app.db.select().from(posts).where(eq(posts.id, post._id));
    expect(row!.linkedinUrn).toMatch(/^urn:li:share:\d+$/);
    expect((await call.publish(learner, post._id)).statusCode).toBe(409);
  });

  it('is 404 for another learner’s post and for unknown ids', async () => {
    await call.token(other);
    const theirs = await call.draft(learner);
    linkedin.requests.length = 0;
    expect((await call.publish(other, theirs._id)).statusCode).toBe(404);
    expect((await call.publish(other, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call.publish(other, 'nope')).statusCode).toBe(404);
    expect(linkedin.requests).toHaveLength(0);
  });

  it('forgets the connection when LinkedIn says the token is no longer valid (409, connect again)', async () => {
    await call.token(learner);
    const post = await call.draft(learner);
    linkedin.failNextPost(401);
    const res = await call.publish(learner, post._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(aiMessages.linkedinExpired);
    expect((await call.connection(learner)).json().data.connected).toBe(false);
    const [row] = await t.app.db.select().from(posts).where(eq(posts.id, post._id));
    expect(row!.status).toBe('draft');
  });

  it('502 when LinkedIn fails; the post stays a draft', async () => {
    await call.token(learner);
    const post = await call.draft(learner);
    linkedin.failNextPost(500);
    expect((await call.publish(learner, post._id)).statusCode).toBe(502);
    const [row] = await t.app.db.select().from(posts).where(eq(posts.id, post._id));
    expect(row!.status).toBe('draft');
  });

  it('unlinks only the learner themself: 403 for another id; then publishing needs a new connection', async () => {
    await call.token(learner);
    await call.token(other);
    const res = await call.unlink(other, learner.id);
    expect(res.statusCode).toBe(403);
    expect((await call.connection(learner)).json().data.connected).toBe(true);

    const own = await call.unlink(learner, learner.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ message: aiMessages.linkedinUnlinked, data: null });
    const rows = await t.app.db
      .select()
      .from(linkedinConnections)
      .where(eq(linkedinConnections.userId, learner.id));
    expect(rows).toHaveLength(0);
    expect((await call.connection(other)).json().data.connected).toBe(true);

    const post = await call.draft(learner);
    expect((await call.publish(learner, post._id)).statusCode).toBe(409);
  });

  it('treats an expired connection as not connected', async () => {
    await call.token(learner);
    await t.app.db
      .update(linkedinConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(linkedinConnections.userId, learner.id));
    expect((await call.connection(learner)).json().data.connected).toBe(false);
    const post = await call.draft(learner);
    const res = await call.publish(learner, post._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(aiMessages.linkedinExpired);
  });
});
