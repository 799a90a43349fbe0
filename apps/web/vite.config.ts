import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const reactRouterProduction = new URL(
  'dist/production/index.mjs',
  pathToFileURL(`${dirname(createRequire(import.meta.url).resolve('react-router/package.json'))}/`),
);

/**
 * Writes .br and .gz next to every text asset of the build, once, at maximum compression; the server
 * (@fastify/static preCompressed) sends them to browsers that accept them, at no CPU cost per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ai-tutor-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

// Why the groups below are kept: a measure stays only if alternating runs show it worth 3 points or
// more, and these are. Vite's automatic chunking loads a signed-in result page in rounds of 10-11
// scripts, and each round of more than 6 requests waits a round trip on HTTP/1.1; the groups make
// them 5 and ~6, and the first paint earlier (the runs: docs/decisions/0006-one-spinner-at-start-up.md#measurements).

/**
 * react, its DOM and router, Redux Toolkit's store, and MUI's styles with the components of the sign-in screens; what
 * they import (emotion, @mui/system…) comes with them.
 */
const FIRST_PAGE_MODULES = new RegExp(
  [
    String.raw`node_modules/(react|react-dom|scheduler|react-router|react-redux|redux|redux-thunk|immer|reselect)/`,
    // Redux Toolkit's core (configureStore, createSlice, the listener): the store the first page builds.
    String.raw`node_modules/@reduxjs/toolkit/dist/redux-toolkit\.[^/]*$`,
    String.raw`node_modules/@mui/material/esm/(styles|CssBaseline|Box|Paper|Typography|Link|Button|Stack)/`,
    String.raw`node_modules/@mui/material/esm/(CircularProgress|InputLabel|OutlinedInput|FormControl|FormHelperText)/`,
    String.raw`node_modules/@mui/system/esm/RtlProvider/`,
  ].join('|'),
);

/**
 * The signed-in frame's code (RTK Query, the app bar, breadcrumbs, icons) in one chunk fetched with the
 * first signed-in screen, instead of ~15 small requests on each screen's first visit: on a slow mobile
 * connection every request waits its turn for a connection. It is evaluated in one task as the first
 * screen starts, so it holds only what that needs: the account menu (Menu, Popover, Modal…), tables,
 * dialogs, chips and tabs come with the screens and parts that use them.
 */
const SIGNED_IN_MODULES = new RegExp(
  [
    String.raw`node_modules/(@reduxjs/toolkit/dist/query|@standard-schema/utils|@mui/icons-material)/`,
    // Divider: the signed-in screens' (palette, result, menus); /login's one 'OR' line draws its own.
    String.raw`node_modules/@mui/material/esm/(AppBar|Toolbar|IconButton|Avatar|Alert|Breadcrumbs|Divider)/`,
  ].join('|'),
);

/**
 * The frame and the API client: files of ~1 kB that a signed-in start fetched apart, in the same round
 * as its data, signed-in and the screen. On HTTP/1.1 (6 connections) that round had one request too
 * many, which waited for a free connection. Only these modules, not their imports (root-reducer,
 * constants): /login would download those with this chunk.
 */
const SIGNED_IN_FRAME_MODULES = /src\/(app\/layouts\/AuthLayout\.tsx|lib\/api-client\.ts)$/;

/**
 * The console (/admin, features/console) is for operators; no learner's page may pay for it. Shared
 * with the learner's screens, its packages would move code around them: the parts of first-page's
 * modules only it uses (reselect's lruMemoize, MUI's CSS unit helpers) would join first-page, and the
 * screens' shared chunks would split into more files (a longer preload list in /login's entry). So the
 * console's graph takes its own copy (`?console-copy`) of every package module outside the first-page
 * and signed-in groups, and of a few stateless first-page modules (ALWAYS_COPIED); what holds shared state (React, the store, RTK Query, MUI's
 * theme and contexts) is in those groups and stays one (docs/decisions/0020-roles-audit-console.md).
 */
const CONSOLE_SOURCES = /src\/(features\/console\/|app\/routes\/console(-question-preview)?\.tsx)/;
/**
 * The learner's components the console's question editor previews with (the quiz's question panel,
 * the result's question table: docs/question-bank.md#editing), and the contract's modules. Shared,
 * they split the result page's chunk into four (+2.5 kB gzip on every result) and the contract's
 * maths into a file of its own; the console takes its own copies instead. None of them holds state
 * beyond a screen (the store, RTK Query and the API client are in src/lib, src/app and src/stores,
 * never copied).
 */
const COPIED_SOURCES =
  /\/(apps\/web\/src\/(features\/(quiz|results)\/|components\/ui\/)|packages\/contract\/src\/)/;
const CONSOLE_COPY = '?console-copy';
// Modules of first-page whose exports only the console would use: a copy costs /login nothing. The form
// fields go together (FormControl's context, its input, label and helper text), so a copy's context is
// the one its parts read.
const ALWAYS_COPIED =
  /node_modules\/(reselect\/|@mui\/material\/esm\/(Form(Control|Label|HelperText)|InputLabel|OutlinedInput|InputBase)\/|@mui\/material\/esm\/styles\/defaultTheme)/;
const NEVER_FIRST_PAGE = /\?console-copy$|node_modules\/@mui\/material\/esm\/styles\/cssUtils\.js$/;
/**
 * The modules that hold the theme's contexts (emotion's ThemeContext and cache, MUI's private theme and
 * default props). The app's ThemeProvider fills them; a console copy would be another, empty context,
 * and the copied learner screens the question preview draws would read no theme (their
 * `theme.breakpoints` undefined: the editor failed to open in the built app).
 */
const THEME_CONTEXTS =
  /node_modules\/(@emotion\/|@mui\/private-theming\/|@mui\/system\/esm\/(DefaultPropsProvider|RtlProvider)\/)/;
const firstPageModule = (id: string) => FIRST_PAGE_MODULES.test(id) && !NEVER_FIRST_PAGE.test(id);
const sharedModule = (id: string) =>
  THEME_CONTEXTS.test(id) ||
  (!ALWAYS_COPIED.test(id) &&
    (firstPageModule(id) || SIGNED_IN_MODULES.test(id) || SIGNED_IN_FRAME_MODULES.test(id)));

function consoleCopies(): Plugin {
  return {
    name: 'ai-tutor-console-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(CONSOLE_SOURCES.test(importer) || importer.endsWith(CONSOLE_COPY))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes('?') || resolved.id.startsWith('\0'))
        return resolved;
      const copied = resolved.id.includes('/node_modules/')
        ? !sharedModule(resolved.id)
        : COPIED_SOURCES.test(resolved.id);
      if (!copied) return resolved;
      return { ...resolved, id: `${resolved.id}${CONSOLE_COPY}` };
    },
  };
}

/**
 * Compile hints: first-page and signed-in, which a signed-in start always runs with the entry, and KaTeX,
 * whose first formula otherwise compiles its parser and builders function by function on the main thread.
 */
const EAGER_COMPILE_CHUNKS = new Set(['first-page', 'signed-in', 'MathText']);

/**
 * Marks the entry and the chunks above with V8's file-based compile hint: Chrome then compiles all
 * their functions up front, largely on the thread that streams each file in, instead of one by one on
 * the main thread as each is first called (first-page's main-thread compile on a 4× throttled CPU:
 * 278-385 -> 107-145 ms). Done last, on the finished files: minification would drop the comment, and
 * Vite puts the entry's preload map in front of anything added earlier (the hint counts only at the top).
 */
function compileHints(): Plugin {
  return {
    name: 'ai-tutor-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && (file.isEntry || EAGER_COMPILE_CHUNKS.has(file.name))) {
            file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
          }
        }
      },
    },
  };
}

export default defineConfig(({ command }) => {
  // A build always ships React's production code: Vite otherwise takes NODE_ENV from the shell, and
  // NODE_ENV=development (the server's own default mode) made /login 60 % heavier. The server's mode
  // is its own switch. Vite reads NODE_ENV for the build only after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), consoleCopies(), compileHints(), precompress()],
    resolve: {
      // react-router's package exports resolve to its development build (warnings, checks) unless told:
      // the production build is smaller and is what should ship.
      alias:
        command === 'build'
          ? [{ find: /^react-router$/, replacement: fileURLToPath(reactRouterProduction) }]
          : [],
    },
    server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
    build: {
      target: 'es2022',
      // SOURCEMAP=1 npx vite build --outDir /tmp/x: maps for attributing a chunk's bytes to its modules.
      sourcemap: process.env.SOURCEMAP === '1',
      minify: process.env.NO_MINIFY ? false : undefined,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Everything the first page (/login) needs from node_modules in one file: gzip compresses one
            // file of ~400 kB much better than the 20 small shared chunks automatic splitting makes of it.
            // Screens load their own chunks (charts, KaTeX, RTK Query, forms) as before.
            groups: [
              { name: 'first-page', test: firstPageModule, priority: 20 },
              { name: 'signed-in', test: SIGNED_IN_MODULES, priority: 10 },
              {
                name: 'signed-in-frame',
                test: SIGNED_IN_FRAME_MODULES,
                priority: 9,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  };
});
