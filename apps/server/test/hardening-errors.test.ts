import { request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { apiMessages, PATH_PARAM_MAX_LENGTH, requestMessages } from '@ai-tutor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/build-app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { testConfig, useTestApp } from './helpers/app.js';
import { createTestDatabase } from './helpers/database.js';

/** Every error the server sends, the framework's own included, is `{message, data: null, errors?}`. */
let port: number;
const t = useTestApp();
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

const envelopeOf = (message: string) => ({ message, data: null });

describe('framework refusals in the envelope', () => {
  it.each([
    ['unknown API route', { method: 'GET', url: '/api/v1/no-such-route' }, 404, apiMessages.routeNotFound],
    [
      'unknown method on an API path',
      { method: 'DELETE', url: '/api/v1/exams' },
      404,
      apiMessages.routeNotFound,
    ],
    [
      'bad percent-encoding in the path',
      { method: 'GET', url: '/api/v1/exams/%FF%FE' },
      400,
      requestMessages.malformedUrl,
    ],
    [
      'a path parameter over the router limit',
      { method: 'GET', url: `/api/v1/exams/${'s'.repeat(PATH_PARAM_MAX_LENGTH + 1)}` },
      414,
      requestMessages.uriTooLong,
    ],
    [
      'an unsupported media type',
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/x-secret-type' },
        payload: '<x/>',
      },
      415,
      requestMessages.unsupportedMediaType,
    ],
    [
      'an unsupported content encoding',
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json', 'content-encoding': 'x-secret-encoding' },
        payload: '{}',
      },
      415,
      requestMessages.unsupportedMediaType,
    ],
    [
      'an empty JSON body',
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '',
      },
      400,
      requestMessages.emptyJsonBody,
    ],
    [
      'a body over the limit',
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: `"${'x'.repeat(2 * 1024 * 1024)}"`,
      },
      413,
      requestMessages.bodyTooLarge,
    ],
  ] as const)('%s', async (_name, options, status, message) => {
    const res = await t.app.inject(options);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(envelopeOf(message));
    // Never echoes what the client sent: the URL, the media type or the encoding.
    for (const echoed of ['%FF', 'sss', 'x-secret']) expect(res.body).not.toContain(echoed);
  });

  /** Sends raw bytes and reads the answer until the server closes the connection. */
  const raw = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      socket.write(bytes);
    });

  it("what Node's HTTP parser refuses (a malformed request, headers too large) is in the envelope too", async () => {
    const malformed = await raw('GET /api/v1/exams\u0000secret HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1.1 400 /);
    expect(JSON.parse(malformed.slice(malformed.indexOf('\r\n\r\n') + 4))).toEqual(
      envelopeOf(requestMessages.badRequest),
    );
    expect(malformed).not.toContain('secret');

    const overflow = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(overflow).toMatch(/^HTTP\/1.1 431 /);
    expect(JSON.parse(overflow.slice(overflow.indexOf('\r\n\r\n') + 4))).toEqual(
      envelopeOf(requestMessages.headersTooLarge),
    );
  });
});

describe('a 10 MB body over a real connection', () => {
  const post = (body: Buffer) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/auth/login',
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject); // A reset (EPIPE, ECONNRESET) fails the test.
      req.end(body);
    });

  it('reaches the client as a 413 in the envelope, every time, not as a connection reset', async () => {
    const body = Buffer.alloc(10 * 1024 * 1024, 'a');
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await post(body);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual(envelopeOf(requestMessages.bodyTooLarge));
    }
  });
});

describe('API docs', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-that-is-long-enough',
    DATABASE_URL: 'postgres://db.example.test/tutor',
  };

  it('are off in production unless API_DOCS=true, on elsewhere unless API_DOCS=false', () => {
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(testConfig().apiDocs).toBe(true);
    expect(testConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('answer 404 in the envelope when off', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: { ...testConfig(), apiDocs: false }, database });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(envelopeOf(apiMessages.routeNotFound));
      }
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

describe('bad configuration', () => {
  it.each([
    ['JWT_SECRET', 'hunter2-short', /JWT_SECRET must be at least 32 characters/],
    ['DATABASE_URL', 'mysql://admin:pa55w0rd-secret@db/tutor', /DATABASE_URL must start with postgres:\/\//],
    ['REDIS_URL', 'http://:redis-secret@cache:6379', /REDIS_URL must start with redis:\/\//],
    ['SMTP_URL', 'http://mailer:smtp-secret@mail', /SMTP_URL must start with smtp:\/\//],
  ])('%s: names the variable and its rule, never its value', (name, value, rule) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(rule);
    expect(message).not.toContain(value);
    expect(message).not.toMatch(/secret|short|pa55/);
  });
});
