import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PreparedValueError, queryPrepared, type PreparedStatement } from '../src/db/prepared.js';
import { testDatabaseUrl, useTestDatabase } from './helpers/database.js';

/**
 * queryPrepared() writes PGlite's parameters as SQL literals (node-postgres binds them). Whatever text
 * reaches it, on either store, comes back exactly as sent, or — when it cannot be stored as it is (a
 * NUL, a lone surrogate) — is refused with a PreparedValueError; never a different string, never a
 * second statement.
 */
const database = useTestDatabase();
const db = () => database.db;
beforeAll(async () => {
  await db().execute(sql`CREATE TABLE canary (id int PRIMARY KEY)`);
  await db().execute(sql`INSERT INTO canary VALUES (1)`);
});

const ECHO: PreparedStatement = {
  name: 'test_literal_echo_v1',
  text: 'SELECT $1::text AS a, $2::text AS b, $3::int AS n, $4::boolean AS f, (SELECT count(*)::int FROM canary) AS canaries',
};

/** The characters a literal must survive, any code point, and lone surrogates (halves of pairs). */
const unit = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "'",
      "''",
      '\\',
      "\\'",
      '"',
      ';',
      '$1',
      '$$',
      '--',
      '/*',
      '*/',
      "E'",
      ')',
      '(',
      ',',
      '\n',
      '\r',
      '\t',
      ' ',
      'π',
      '😀',
      '\u{10FFFF}',
    ),
  },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.constant('\0') },
);
const text = fc.oneof(
  { weight: 20, arbitrary: fc.string({ unit, maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit, minLength: 20_000, maxLength: 40_000 }) },
);

/** Independent of the code under test: UTF-8 keeps the text as it is, and Postgres text has no NUL. */
const storable = (value: string) => !value.includes('\0') && Buffer.from(value, 'utf8').toString() === value;

async function echo(a: string, b: string | null) {
  const [row] = await queryPrepared(db(), ECHO, [a, b, 7, false]);
  return row;
}

describe(`prepared statement literals (${testDatabaseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('returns any storable text exactly as sent and refuses the rest cleanly, running nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.option(text), async (a, b) => {
        if (storable(a) && (b === null || storable(b))) {
          expect(await echo(a, b)).toEqual({ a, b, n: 7, f: false, canaries: 1 });
        } else {
          await expect(echo(a, b)).rejects.toThrow(PreparedValueError);
        }
      }),
      { numRuns: 400 },
    );
    // Nothing ran beside the statement, and the session still works after every refusal.
    expect(await echo('still here', null)).toMatchObject({ a: 'still here', canaries: 1 });
  });

  it('keeps the classic injections and escapes as plain text', async () => {
    for (const value of [
      "'); DROP TABLE canary; --",
      "\\'; DELETE FROM canary; --",
      "E'\\\\' || (SELECT 1) || '",
      '\\x27; TRUNCATE canary',
      '$1',
      "'".repeat(10_001),
      '\\'.repeat(10_001),
      `${'\\'}'`.repeat(50_000),
    ]) {
      expect(await echo(value, value)).toEqual({ a: value, b: value, n: 7, f: false, canaries: 1 });
    }
  });

  it('refuses a NUL, a lone surrogate and a non-integer number before sending anything', async () => {
    for (const value of ['a\0b', "\0'; DROP TABLE canary; --", 'x\uD800y', '\uDFFF', 'ok\uD83D']) {
      await expect(echo(value, null)).rejects.toThrow(PreparedValueError);
    }
    await expect(queryPrepared(db(), ECHO, ['a', null, 1.5, false])).rejects.toThrow(PreparedValueError);
    expect(await echo('😀 pairs are fine', '\uD83D\uDE00')).toMatchObject({ b: '😀', canaries: 1 });
  });
});
