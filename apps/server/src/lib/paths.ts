import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** apps/server, found from this file whether it runs from src/ (tsx) or from the bundle in dist/. */
export function serverRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@ai-tutor/server'
    ) {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @ai-tutor/server package root');
    dir = parent;
  }
}

export function defaultWebDistDir(): string {
  return resolve(serverRoot(), '..', 'web', 'dist');
}
