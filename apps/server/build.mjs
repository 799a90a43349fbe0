// Bundles the server and the CLI into dist/. Workspace packages (the contract, plain TypeScript) are
// bundled in; everything from npm stays external and is loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@ai-tutor/'));

await build({
  // bench-app: the app for `npm run bench` (bench/server.ts), so the benchmark measures the built server.
  entryPoints: { server: 'src/server.ts', cli: 'src/cli/index.ts', 'bench-app': 'bench/app-entry.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
