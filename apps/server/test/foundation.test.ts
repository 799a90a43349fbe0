import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { testDatabaseUrl } from './helpers/database.js';
const t = useTestApp();

describe('health', () => {
  it('says ok and which store is in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'ok',
      data: { status: 'ok', database: testDatabaseUrl ? 'postgres' : 'pglite' },
    });
  });

  it('is ready while accepting and unready once shutdown begins', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    t.app.readiness.accepting = false;
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
    } finally {
      t.app.readiness.accepting = true;
    }
  });
});

describe('errors', () => {
  it('answers an unknown /api path with a JSON 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ message: 'Route not found', data: null });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON in request body', data: null });
  });

  it('sends pages security headers with a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('accounts.google.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain HTTP on localhost in dev
    // The API documentation is a page too.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends JSON responses the API set: nothing runs, nothing frames, nothing caches', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });
});

describe('web app', () => {
  it('serves index.html for any non-API path so the SPA decides the route', async () => {
    for (const url of ['/', '/login', '/exams/jee-main', '/quiz/result/abc?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('fixture web app');
    }
  });

  it('publishes OpenAPI docs built from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty('/api/health');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('tells the web app which features are on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.json()).toEqual({
      message: 'ok',
      data: { googleClientId: null, aiEnabled: false, linkedinEnabled: false },
    });
  });
});

describe('migrations', () => {
  it('creates every table of the data model', async () => {
    const rows = await t.database.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
      [t.database.schema],
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'assessments',
        'exams',
        'invite_codes',
        'modules',
        'performance_records',
        'questions',
        'refresh_tokens',
        'schema_migrations',
        'subjects',
        'topics',
        'users',
        'verifications',
      ]),
    );
  });
});
