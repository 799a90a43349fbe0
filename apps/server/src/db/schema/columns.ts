import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column builders every table of the data model shares. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
/** PostgreSQL's full-text document; written by the database (a generated column), never by the app. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
