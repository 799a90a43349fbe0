import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The only module that reads process.env (docs/architecture.md#server-floors). A bad value stops the start with one line. */

const DURATION = /^(\d+)\s*(s|m|h|d)$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
}

const duration = z.string().transform((text, ctx) => {
  const seconds = parseDuration(text);
  if (seconds === null || seconds <= 0) {
    ctx.addIssue({ code: 'custom', message: 'must be a duration such as 15m, 12h or 30d' });
    return z.NEVER;
  }
  return seconds;
});
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const url = (protocols: string[], hint: string) =>
  optionalText.refine(
    (v) => v === undefined || protocols.some((p) => v.startsWith(p)),
    `must start with ${hint}`,
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int('must be a whole number').min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: url(['http://', 'https://'], 'http:// or https://'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: url(['postgres://', 'postgresql://', 'memory://'], 'postgres://, postgresql:// or memory://'),
  // On two cores 20 connections served ~18 % more saves (and bare UPDATEs) than 10: a request waits on
  // a round trip, not a core (docs/performance.md). Keep instances × this under max_connections.
  DATABASE_POOL_SIZE: z.coerce.number().int('must be a whole number').min(1).max(500).default(20),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  ACCESS_TOKEN_TTL: duration.default(15 * 60),
  REFRESH_TOKEN_TTL: duration.default(30 * 86_400),
  // OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): a fraction of scrypt N=2^17's CPU per sign-in
  // (docs/decisions/0018-exam-day-arrival.md). Old scrypt hashes carry their own cost and still verify.
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).max(1_048_576).default(19_456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(8).default(1),
  // Two of libuv's four threadpool threads: token signing and the rest keep the other two.
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(100_000).default(200),
  SMTP_URL: url(['smtp://', 'smtps://'], 'smtp:// or smtps://'),
  MAIL_FROM: z.string().min(3).default('AI TUTOR <no-reply@ai-tutor.local>'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.url('must be a URL').default('https://www.googleapis.com/oauth2/v3/certs'),
  AI_BASE_URL: url(['http://', 'https://'], 'http:// or https://'),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  LINKEDIN_CLIENT_ID: optionalText,
  LINKEDIN_CLIENT_SECRET: optionalText,
  LINKEDIN_API_URL: z.url('must be a URL').default('https://api.linkedin.com'),
  LINKEDIN_OAUTH_URL: z.url('must be a URL').default('https://www.linkedin.com/oauth/v2'),
  REDIS_URL: url(['redis://', 'rediss://'], 'redis:// or rediss://'),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('ai-tutor:'),
  WEB_DIST_DIR: optionalText,
  // Every 5 s: with 10 s of grace a session is counted within ~15 s of its deadline (the exam-day goal is 25 s: docs/performance.md#exam-day-capacity).
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  // Starts at once per instance: fewer than the pool, so saves of running tests always find a
  // connection while a wave of starts queues (decision 0010).
  START_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(8),
  START_QUEUE: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
  // Papers drawn ahead per module mock test (decision 0029); 0 draws every start afresh.
  PAPER_POOL_SIZE: z.coerce.number().int().min(0).max(1000).default(32),
  // Under the web app's 30 s request timeout: a start that cannot be served in time is answered 503
  // with Retry-After while the browser still listens, not dropped by it (decision 0018).
  START_QUEUE_WAIT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  // The kernel's queue of connections not yet accepted: a class arriving at once must not overflow it
  // (capped by net.core.somaxconn, docs/deploy.md).
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65_535).default(4096),
  PERCENTILE_MIN_FIRST_ATTEMPTS: z.coerce
    .number()
    .int('must be a whole number')
    .min(1)
    .max(100_000)
    .default(10),
  REVIEW_NEW_CARDS_PER_DAY: z.coerce.number().int('must be a whole number').min(1).max(10_000).default(20),
  // The retention purge (docs/decisions/0023-learners-data-and-backups.md): how often, and how old an
  // unverified account may grow before it goes.
  RETENTION_INTERVAL_SECONDS: z.coerce
    .number()
    .int('must be a whole number')
    .min(60)
    .max(604_800)
    .default(3600),
  UNVERIFIED_ACCOUNT_DAYS: z.coerce.number().int('must be a whole number').min(1).max(3650).default(30),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int('must be a whole number').min(0).max(120).default(0),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Unset: on in development and test, off in production (the API's map is the operator's to publish).
  API_DOCS: z.enum(['true', 'false']).optional(),
});

export type DatabaseKind = 'pglite' | 'postgres';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** listen(2)'s backlog. */
  listenBacklog: number;
  host: string;
  publicUrl: string;
  logLevel: string;
  database: { kind: DatabaseKind; url: string | null; poolSize: number; dataDir: string; inMemory: boolean };
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Password hashes run at once, and how many may wait (more: 503 with Retry-After). */
  passwordHashing: {
    concurrency: number;
    maxWaiting: number;
    argon2: { memoryKib: number; timeCost: number; parallelism: number };
  };
  mail: { smtpUrl: string | null; from: string };
  google: { clientId: string | null; jwksUrl: string };
  ai: { baseUrl: string | null; apiKey: string | null; model: string; timeoutMs: number };
  linkedin: {
    clientId: string | null;
    clientSecret: string | null;
    apiUrl: string;
    oauthUrl: string;
  };
  redisUrl: string | null;
  /** Prepended to every Redis key, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  webDistDir: string | null;
  sweepIntervalSeconds: number;
  /** The queue in front of session starts (services/limits/work-queue.ts). */
  starts: { concurrency: number; maxWaiting: number; maxWaitMs: number };
  /** Variants kept drawn per module mock test (services/quiz/paper-pool.ts); 0: none. */
  paperPoolSize: number;
  /** A mock test's practice percentile is given from this many first attempts of its module on. */
  percentileMinFirstAttempts: number;
  /** New review cards introduced in any 24 hours (the rest wait). */
  reviewNewCardsPerDay: number;
  /** The retention purge: every `intervalSeconds`; unverified accounts older than `unverifiedAccountDays` go. */
  retention: { intervalSeconds: number; unverifiedAccountDays: number };
  /** On SIGTERM, how long readiness answers 503 while requests are still served, before closing. */
  shutdownDrainSeconds: number;
  trustProxy: boolean;
  /** Serve the OpenAPI UI and JSON at /api/docs. */
  apiDocs: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** In development the JWT secret is generated once and kept in DATA_DIR, so sign-ins survive restarts. */
function devJwtSecret(dataDir: string, inMemory: boolean): string {
  if (inMemory) return randomBytes(32).toString('hex');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // The variable and its rule, never its value: it may be a secret (JWT_SECRET, a URL with a password).
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const databaseUrl = e.DATABASE_URL ?? null;
  const inMemory = databaseUrl?.startsWith('memory://') ?? false;
  const kind: DatabaseKind = databaseUrl && !inMemory ? 'postgres' : 'pglite';
  const dataDir = resolve(e.DATA_DIR);

  if (production && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration: JWT_SECRET is required when NODE_ENV=production');
  }
  if (production && kind === 'pglite' && inMemory) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL=memory:// loses every answer on restart; not allowed when NODE_ENV=production',
    );
  }
  if (Boolean(e.LINKEDIN_CLIENT_ID) !== Boolean(e.LINKEDIN_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET must be set together',
    );
  }
  if (e.AI_BASE_URL && !e.AI_MODEL) {
    throw new ConfigError('Invalid configuration: AI_MODEL is required when AI_BASE_URL is set');
  }

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    listenBacklog: e.LISTEN_BACKLOG,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    database: {
      kind,
      url: kind === 'postgres' ? databaseUrl : null,
      poolSize: e.DATABASE_POOL_SIZE,
      dataDir,
      inMemory,
    },
    jwtSecret: e.JWT_SECRET ?? devJwtSecret(dataDir, inMemory),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    passwordHashing: {
      concurrency: e.PASSWORD_HASH_CONCURRENCY,
      maxWaiting: e.PASSWORD_HASH_QUEUE,
      argon2: {
        memoryKib: e.ARGON2_MEMORY_KIB,
        timeCost: e.ARGON2_TIME_COST,
        parallelism: e.ARGON2_PARALLELISM,
      },
    },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    google: { clientId: e.GOOGLE_CLIENT_ID ?? null, jwksUrl: e.GOOGLE_JWKS_URL },
    ai: {
      baseUrl: e.AI_BASE_URL ?? null,
      apiKey: e.AI_API_KEY ?? null,
      model: e.AI_MODEL ?? '',
      timeoutMs: e.AI_TIMEOUT_MS,
    },
    linkedin: {
      clientId: e.LINKEDIN_CLIENT_ID ?? null,
      clientSecret: e.LINKEDIN_CLIENT_SECRET ?? null,
      apiUrl: e.LINKEDIN_API_URL.replace(/\/$/, ''),
      oauthUrl: e.LINKEDIN_OAUTH_URL.replace(/\/$/, ''),
    },
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    webDistDir: e.WEB_DIST_DIR ?? null,
    sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS,
    starts: {
      concurrency: e.START_CONCURRENCY,
      maxWaiting: e.START_QUEUE,
      maxWaitMs: e.START_QUEUE_WAIT_SECONDS * 1000,
    },
    paperPoolSize: e.PAPER_POOL_SIZE,
    reviewNewCardsPerDay: e.REVIEW_NEW_CARDS_PER_DAY,
    percentileMinFirstAttempts: e.PERCENTILE_MIN_FIRST_ATTEMPTS,
    retention: {
      intervalSeconds: e.RETENTION_INTERVAL_SECONDS,
      unverifiedAccountDays: e.UNVERIFIED_ACCOUNT_DAYS,
    },
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    trustProxy: e.TRUST_PROXY,
    apiDocs: e.API_DOCS === undefined ? !production : e.API_DOCS === 'true',
  };
}
