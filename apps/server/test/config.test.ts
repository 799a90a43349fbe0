import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration } from '../src/config.js';

const base = { NODE_ENV: 'test', DATABASE_URL: 'memory://' };

describe('configuration', () => {
  it('is documented: the README lists every variable loadConfig reads', () => {
    const read = new Set<string>();
    const env = new Proxy<Record<string, string | undefined>>(
      { ...base },
      {
        get(target, key) {
          if (typeof key === 'string' && /^[A-Z][A-Z0-9_]+$/.test(key)) read.add(key);
          return Reflect.get(target, key) as string | undefined;
        },
      },
    );
    loadConfig(env);
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    expect(read.size).toBeGreaterThan(25);
    expect([...read].filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });

  it('has working defaults for a newcomer', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toMatchObject({ kind: 'pglite', inMemory: true });
    expect(config.accessTokenTtlSeconds).toBe(900);
    expect(config.refreshTokenTtlSeconds).toBe(30 * 86_400);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ACCESS_TOKEN_TTL: 'soon' }, 'ACCESS_TOKEN_TTL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' }, 'JWT_SECRET'],
    [{ LINKEDIN_CLIENT_ID: 'id' }, 'LINKEDIN_CLIENT_SECRET'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
  ])('refuses %j with a line naming %s', (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(name);
  });

  it('reads PostgreSQL from DATABASE_URL', () => {
    const config = loadConfig({ ...base, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(config.database).toMatchObject({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/test',
      poolSize: 20,
    });
    expect(loadConfig({ ...base, DATABASE_POOL_SIZE: '40' }).database.poolSize).toBe(40);
  });

  it('parses durations', () => {
    expect(parseDuration('15m')).toBe(900);
    expect(parseDuration('30d')).toBe(2_592_000);
    expect(parseDuration('2h')).toBe(7200);
    expect(parseDuration('forever')).toBeNull();
  });
});
