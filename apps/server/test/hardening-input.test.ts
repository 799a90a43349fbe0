import { randomUUID } from 'node:crypto';
import { POST_MAX_LENGTH, requestMessages, TEXT_LIMITS } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { invites } from '../src/services/accounts/invites.js';
import { useTestApp } from './helpers/app.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

/**
 * Every text a request carries is checked once, at the edge (the contract's `text()` builder in each
 * route schema): no NUL (PostgreSQL refuses it: a 500 with the SQL in the log), no unpaired surrogate,
 * and a maximum from the contract. Each is a 400 in the envelope, naming the field, and writes nothing.
 */
let learner: TestLearner;
let inviteCode: string;
const t = useTestApp();
beforeAll(async () => {
  learner = await createLearner(t.app);
  inviteCode = (await invites.create(t.app.db, { maxUses: 1000 })).code;
});

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';
const id = randomUUID();

interface BodyRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  /** A payload the route accepts as to its shape. */
  valid: () => Record<string, unknown>;
  /** Text fields and their maxima. */
  fields: Record<string, number>;
}
const bodyRoutes: BodyRoute[] = [
  {
    method: 'POST',
    url: '/api/v1/auth/signup',
    valid: () => ({
      name: 'Asha',
      email: `asha.${randomUUID()}@example.test`,
      phone: '9876543210',
      password: 'secret-pass',
      confirmPassword: 'secret-pass',
      inviteCode,
    }),
    fields: { name: TEXT_LIMITS.name, inviteCode: TEXT_LIMITS.inviteCode, email: TEXT_LIMITS.email },
  },
  {
    method: 'POST',
    url: '/api/v1/auth/login',
    valid: () => ({ email: 'a@example.test', password: 'secret-pass' }),
    fields: { email: TEXT_LIMITS.email, password: 128 },
  },
  {
    method: 'POST',
    url: '/api/v2/auth/google',
    valid: () => ({ authorization: 'x.y.z' }),
    fields: { authorization: TEXT_LIMITS.googleToken },
  },
  {
    method: 'POST',
    url: '/api/v1/auth/forget-password',
    valid: () => ({ email: 'a@example.test' }),
    fields: { email: TEXT_LIMITS.email },
  },
  {
    method: 'POST',
    url: '/api/v1/auth/reset-password',
    valid: () => ({ token: 'token', password: 'secret-pass' }),
    fields: { token: TEXT_LIMITS.token },
  },
  {
    method: 'POST',
    url: '/api/v1/auth/refresh',
    valid: () => ({ refresh_token: 'token' }),
    fields: { refresh_token: TEXT_LIMITS.token },
  },
  {
    method: 'POST',
    url: '/api/v1/auth/logout',
    valid: () => ({ refresh_token: 'token' }),
    fields: { refresh_token: TEXT_LIMITS.token },
  },
  {
    method: 'PUT',
    url: '/api/v1/users',
    valid: () => ({ name: 'Asha' }),
    fields: { name: TEXT_LIMITS.name },
  },
  {
    method: 'POST',
    url: '/api/v1/invitecode/verify',
    valid: () => ({ inviteCode: 'CODE' }),
    fields: { inviteCode: TEXT_LIMITS.inviteCode },
  },
  {
    method: 'POST',
    url: '/api/v1/assessment',
    valid: () => ({
      examSlug: 'jee',
      quizType: 'topic',
      moduleSlug: 'main',
      subjectSlug: 'physics',
      topicSlug: 'optics',
      type: 'quiz',
    }),
    fields: {
      examSlug: TEXT_LIMITS.slug,
      moduleSlug: TEXT_LIMITS.slug,
      subjectSlug: TEXT_LIMITS.slug,
      topicSlug: TEXT_LIMITS.slug,
    },
  },
  {
    method: 'POST',
    url: '/api/v1/evaluations',
    valid: () => ({ evaluationId: id, userAnswer: 'A' }),
    fields: { userAnswer: TEXT_LIMITS.answer },
  },
  {
    method: 'POST',
    url: '/api/v1/post/generate',
    valid: () => ({ assessmentSlug: 'slug' }),
    fields: { assessmentSlug: TEXT_LIMITS.slug },
  },
  {
    method: 'PATCH',
    url: `/api/v1/post/${id}`,
    valid: () => ({ content: 'My result' }),
    fields: { content: POST_MAX_LENGTH },
  },
  {
    method: 'POST',
    url: '/api/v1/auth/linkedin/token',
    valid: () => ({ code: 'code', redirectUri: 'https://tutor.example.test/linkedin/callback' }),
    fields: { code: TEXT_LIMITS.oauthCode, redirectUri: TEXT_LIMITS.url },
  },
  {
    method: 'POST',
    url: '/api/v1/linkedin/post',
    valid: () => ({ postId: id }),
    fields: { postId: TEXT_LIMITS.id },
  },
];

const send = (route: BodyRoute, payload: Record<string, unknown>) =>
  t.app.inject({ method: route.method, url: route.url, headers: learner.headers, payload });

describe('text in request bodies', () => {
  for (const route of bodyRoutes) {
    for (const [field, max] of Object.entries(route.fields)) {
      it(`${route.method} ${route.url}: ${field} with NUL, a lone surrogate or over ${max} characters is a 400`, async () => {
        const cases = [
          [NUL, requestMessages.textHasForbiddenCharacters],
          [LONE_SURROGATE, requestMessages.textHasForbiddenCharacters],
          ['a'.repeat(max + 1), requestMessages.textTooLong(max)],
        ] as const;
        for (const [value, message] of cases) {
          const res = await send(route, { ...route.valid(), [field]: value });
          expect(res.statusCode, `${field}=${JSON.stringify(value.slice(0, 8))}`).toBe(400);
          const body = res.json();
          expect(body.data).toBeNull();
          expect(body.errors).toContainEqual({ path: `body.${field}`, message });
          expect(body.message).toBe(`body.${field}: ${message}`);
        }
      });
    }
  }

  it('sign-up with a 100 KB name, or a NUL in the name or invite code, writes no user', async () => {
    for (const [field, value] of [
      ['name', 'n'.repeat(100_000)],
      ['name', NUL],
      ['inviteCode', `${inviteCode}\u0000`],
    ] as const) {
      const payload = { ...bodyRoutes[0]!.valid(), [field]: value };
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload });
      expect(res.statusCode).toBe(400);
      expect(
        await t.app.db
          .select()
          .from(users)
          .where(eq(users.email, String(payload.email))),
      ).toEqual([]);
    }
  });
});

describe('text in paths and queries', () => {
  const paramUrls = [
    (v: string) => `/api/v1/exams/${v}`,
    (v: string) => `/api/v1/invitecode/verify/${v}`,
    (v: string) => `/api/v1/assessment/session/${v}`,
    (v: string) => `/api/v1/assessment/${v}/submit`,
    (v: string) => `/api/v1/assessment/get-session/${v}`,
    (v: string) => `/api/v1/evaluations/${v}/explain`,
    (v: string) => `/api/v1/post/regenerate/${v}`,
    (v: string) => `/api/v1/users/${v}/unlink-linkedin`,
    (v: string) => `/api/v1/achievements/${v}`,
    (v: string) => `/api/v1/assessment/details?entityType=topic&entitySlug=${v}`,
    (v: string) => `/api/v1/auth/linkedin/authorize?redirectUri=https%3A%2F%2Fa.test%2F&state=${v}`,
    (v: string) => `/api/v1/exams?page=1&ignored=${v}`,
  ];
  const methodOf = (url: string) =>
    /submit|regenerate|explain/.test(url)
      ? url.includes('regenerate')
        ? 'PATCH'
        : 'POST'
      : url.includes('unlink')
        ? 'PUT'
        : 'GET';

  it('a NUL, an encoded lone surrogate or a bad percent-encoding is a 400 in the envelope', async () => {
    for (const url of paramUrls) {
      for (const value of ['a%00b', 'a%ED%A0%80b', 'a%FF%FEb', 'a%E0%A4']) {
        const target = url(value);
        const res = await t.app.inject({ method: methodOf(target), url: target, headers: learner.headers });
        expect(res.statusCode, target).toBe(400);
        expect(res.json(), target).toEqual({ message: requestMessages.malformedUrl, data: null });
      }
    }
  });

  it('a path or query field over its maximum is a 400 naming the field (one slug maximum)', async () => {
    const over = 'a'.repeat(TEXT_LIMITS.slug + 1);
    for (const [url, path] of [
      [`/api/v1/exams/${over}`, 'params.slug'],
      [`/api/v1/assessment/session/${over}`, 'params.slug'],
      [`/api/v1/assessment/get-session/${over}`, 'params.slug'],
      [`/api/v1/assessment/details?entityType=topic&entitySlug=${over}`, 'querystring.entitySlug'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: learner.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toEqual([
        { path, message: requestMessages.textTooLong(TEXT_LIMITS.slug) },
      ]);
    }
    // A slug of the contract's maximum is a valid slug everywhere (the quiz routes once stopped at 64).
    const longest = 'a'.repeat(TEXT_LIMITS.slug);
    for (const url of [`/api/v1/exams/${longest}`, `/api/v1/assessment/session/${longest}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: learner.headers });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
