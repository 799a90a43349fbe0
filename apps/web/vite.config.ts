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

export default defineConfig(({ command }) => {
  // A build always ships React's production code: Vite otherwise takes NODE_ENV from the shell, and
  // NODE_ENV=development (the server's own default mode) made /login 60 % heavier. The server's mode
  // is its own switch. Vite reads NODE_ENV for the build only after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), precompress()],
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
      sourcemap: false,
      minify: process.env.NO_MINIFY ? false : undefined,
    },
  };
});
