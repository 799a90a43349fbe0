import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (this file is in scripts/). */
export const root = fileURLToPath(new URL('..', import.meta.url));

/** Where code, tests, scripts and docs live; what else is in the root is tooling or generated. */
const ROOTS = ['apps', 'packages', 'e2e', 'scripts', 'docs', 'deploy', '.ci', 'README.md', 'Dockerfile'];
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'coverage',
  'data',
  'meta',
  'test-results',
  'playwright-report',
  'lighthouse-reports',
  'screenshots',
]);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|ya?ml|css|html|sh|sql)$|(^|\/)(Dockerfile|run)$/;

/**
 * Files that may name the patterns the check refuses: the check and the repointing script themselves,
 * and history kept as history (a changelog).
 */
const EXEMPT = [/^scripts\/(check|repoint)-doc-refs\.mjs$/, /(^|\/)CHANGELOG[^/]*\.md$/i];

/** Every text file under the roots, as paths relative to the root with forward slashes. */
export function repositoryFiles() {
  const files = [];
  const walk = (path) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) if (!SKIP_DIRS.has(entry)) walk(join(path, entry));
      return;
    }
    const rel = relative(root, path).split(sep).join('/');
    if (TEXT_FILE.test(rel) && !EXEMPT.some((pattern) => pattern.test(rel))) files.push(rel);
  };
  for (const entry of ROOTS) walk(join(root, entry));
  return files.sort();
}
