import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { updatedAt } from './columns.js';

/**
 * Imports started from the console (docs/decisions/0026-imports-in-the-browser.md): what any instance
 * answers when polled for a job another instance runs, and what is left of a job once it is done. The
 * running instance refreshes `updated_at` as a heartbeat; a `running` row whose heartbeat stopped
 * belongs to an instance that died (its import was one transaction: it wrote everything or nothing).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    /** `running`, `done` or `failed`. */
    state: text('state').notNull(),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** The contract's ImportReport, once done. */
    report: jsonb('report'),
    failure: text('failure'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_jobs_finished_at').on(t.finishedAt)],
);
