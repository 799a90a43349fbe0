// Bundled by build.mjs into dist/bench-app.js: the built server's app, for the benchmark's server process.
export { buildApp } from '../src/build-app.js';
export { loadConfig } from '../src/config.js';
export { createPasswordHasher } from '../src/services/accounts/passwords.js';
export { openDatabase } from '../src/db/client.js';
export { migrate } from '../src/db/migrate.js';
export { dueQuestionIds } from '../src/services/review/due.js';
export { recordAnswers } from '../src/services/review/record-answers.js';
