// `npm run dev`: the API (tsx watch, :3000) and Vite (:5173, proxying /api) side by side. Ctrl-C stops
// both, and so does either one exiting. (`a & b` in a package.json script left the API running: a
// shell without job control starts background commands with SIGINT ignored.)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** A package's command-line script, run with this node: no npm or shell in between to eat signals. */
function bin(name) {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin: field } = JSON.parse(readFileSync(manifest, 'utf8'));
  return join(dirname(manifest), typeof field === 'string' ? field : field[name]);
}

const processes = [
  { name: 'server', args: [bin('tsx'), 'watch', 'src/server.ts'], cwd: join(root, 'apps/server') },
  { name: 'web', args: [bin('vite')], cwd: join(root, 'apps/web') },
];

let stopping = false;
let exitCode = 0;
const children = processes.map(({ name, args, cwd }) => {
  const child = spawn(process.execPath, args, { cwd, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`dev: the ${name} stopped (${signal ?? `exit code ${code}`}); stopping the other one.`);
      exitCode = code ?? 1;
      stop('SIGTERM');
    }
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
  return child;
});

function stop(signal) {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

// Ctrl-C reaches every process of the terminal's group; a signal sent to this one alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// A stop button or `kill` aimed at npm ends npm and its shell but not this process: when the parent
// goes, stop too, rather than leave both servers running unattended.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop('SIGTERM'), 1000).unref();
