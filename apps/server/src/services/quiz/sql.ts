import { SAVE_GRACE_SECONDS } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';

/**
 * SQL fragments shared by the quiz services. Every time comparison uses the database clock (now()), so
 * several server processes with slightly different clocks still agree on when a session ends.
 */
export const GRACE = sql.raw(`interval '${SAVE_GRACE_SECONDS} seconds'`);

/**
 * The database's now() as epoch milliseconds. A float8 reaches JS as a number on both drivers, whereas a
 * raw timestamptz arrives as a string on node-postgres (drizzle's parser override) and a Date on PGlite.
 */
export const NOW_MS = sql<number>`(extract(epoch from now()) * 1000)::float8`;

export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
export const isoMs = (ms: number): string => new Date(ms).toISOString();
