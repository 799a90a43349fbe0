/** The floor (bench/server.ts): a bare route doing one single-row UPDATE, here so the cost phase counts the same statement. */
export const FLOOR_ROWS = 10_000;
export const FLOOR_SQL = 'UPDATE bench_floor SET n = n + 1, updated_at = now() WHERE id = $1';
