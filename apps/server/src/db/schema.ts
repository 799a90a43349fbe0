/**
 * The whole data model, by area (schema/*.ts). Tables are unqualified (no schema) so that tests can
 * give each file its own PostgreSQL schema through search_path.
 */
export * from './schema/accounts.js';
export * from './schema/catalogue.js';
export * from './schema/quiz.js';
export * from './schema/posts.js';
export * from './schema/live-tests.js';
export * from './schema/review.js';
export * from './schema/console.js';
export * from './schema/imports.js';
export * from './schema/paper-pool.js';
