import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app's house (bulletproof-react): src/app composes the features; a feature (src/features/<name>)
 * uses only itself and the shared layers; the shared layers (components, hooks, lib, stores) use no
 * feature and not the app. Tests and the test harness (src/test) compose like the app and are exempt.
 */
const webSrc = fileURLToPath(new URL('apps/web/src/', import.meta.url));
const webFeatures = readdirSync(`${webSrc}features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  {
    target: ['./components', './hooks', './lib', './stores'],
    from: ['./features', './app'],
    message: 'Shared code uses no feature and not the app: move what both need into a shared layer.',
  },
  {
    target: './features',
    from: './app',
    message: 'A feature does not import the app: the app composes the features.',
  },
  ...webFeatures.map((feature) => ({
    target: `./features/${feature}`,
    from: './features',
    except: [`./${feature}`],
    message:
      'Features never import each other: let the app compose them, or move the shared part to src/lib.',
  })),
];

/**
 * The server's floors (docs/architecture.md#server-floors): a request goes down, never up — routes →
 * plugins → services (repositories, *-repository.ts, beneath the rest of their area) → db; lib and
 * config are for every floor and use none of them. The command line (cli/) is an entry like routes.
 * The quiz core (services/quiz) knows no area that plugs into it: they register on its hooks
 * (services/quiz/hooks.ts, decision 0030).
 */
const serverSrc = fileURLToPath(new URL('apps/server/src/', import.meta.url));
const entries = ['./app.ts', './build-app.ts', './server.ts', './startup.ts', './cli'];
const serverFloors = [
  {
    target: './routes',
    from: entries,
    message: 'Routes are a top floor: they use nothing of the command line or the entries.',
  },
  {
    target: './plugins',
    from: ['./routes', ...entries],
    message: 'Plugins build services for routes: they do not import routes or the entries.',
  },
  {
    target: './services',
    from: ['./routes', './plugins', ...entries],
    message: 'Services are plain functions over a database handle: no routes, plugins or fastify instance.',
  },
  {
    target: './db',
    from: ['./routes', './plugins', './services', './import', ...entries],
    message: 'The database floor uses only lib and config.',
  },
  {
    target: './lib',
    from: ['./routes', './plugins', './services', './db', './import', ...entries],
    message: 'lib/ is for every floor: it uses none of them (move the shared part into lib).',
  },
  {
    target: `${serverSrc}services/**/*-repository.ts`,
    from: [`${serverSrc}services/**`],
    // Other repositories, and the live tests' clock constants.
    except: [`${serverSrc}services/{**/*-repository,live-tests/timing}.ts`],
    message: 'A repository reads and writes tables: it uses no service above it.',
  },
];
const quizCore = {
  target: './services/quiz',
  from: ['./services/live-tests', './services/practice', './services/review'],
  message:
    'The quiz core knows no area that plugs into it: publish or add a hook in services/quiz/hooks.ts ' +
    'and let the area register (docs/architecture.md#the-quiz-core-and-its-plug-ins).',
};
/**
 * The draws (afresh and from the pool) read live papers' circulation rule, a SQL condition over the
 * live tests' table, from live tests (docs/architecture.md#the-quiz-core-and-its-plug-ins): the one
 * arrow left from the core; every other quiz file is held to the rule.
 */
const quizStartPath = ['services/quiz/selection.ts', 'services/quiz/paper-pool.ts'].map(
  (file) => `apps/server/src/${file}`,
);
const serverImports = {
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    // The server imports its TypeScript modules by their emitted .js names.
    'import-x/resolver-next': [
      importX.createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } }),
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/coverage/**',
      'e2e/screenshots/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // process.env is read only in the config module (and by tests and scripts that start processes).
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config.ts.' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
      'apps/web/src/**/*-test-kit.{ts,tsx}',
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: webSrc, zones: webZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ...serverImports,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: serverSrc, zones: [...serverFloors, quizCore] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: quizStartPath,
    ...serverImports,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: serverSrc, zones: serverFloors }] },
  },
);
