#!/usr/bin/env node
/**
 * Fails (exit 1) when the code or the docs point at something a clone of this repository does not
 * have, so every reference a newcomer follows resolves (part of `npm run lint`):
 *
 * - a citation of a document outside the repository (SPEC.md, DESIGN.md, a bare "§6.2") or of a ticket
 *   ("issue 19", "round 2"): cite docs/product.md, docs/api.md, docs/architecture.md or a decision;
 * - a `docs/…` path, a relative Markdown link or a `#anchor` that does not exist (anchors are the
 *   headings' GitHub slugs), or "decision NNNN" without such a record;
 * - a source file or folder named in backticks on a page that describes the code as it is (README.md,
 *   docs/*.md; not the decision records, which are history) that no longer exists;
 * - a decision record without Date, Status, Context, Decision and Consequences, two records with one
 *   number, or a record missing from the index in docs/README.md.
 *
 * Exempt: the scripts that name these patterns, and a changelog (doc-refs-files.mjs).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { repositoryFiles, root } from './doc-refs-files.mjs';

const OUTSIDE = [
  {
    pattern: /\b(SPEC|DESIGN)\.md\b/g,
    why: 'cites a document outside the repository; cite docs/product.md, docs/api.md, docs/architecture.md or a decision',
  },
  { pattern: /\b[Ii]ssues? #?\d+/g, why: 'cites an issue number; cite the docs or a decision instead' },
  {
    pattern: /(?<![-\w])[Rr]ound [2-9]\b/g,
    why: 'cites a project round; cite the docs or a decision instead',
  },
];
/** "§6.2" with no document of its own: allowed only after a named standard ("ASVS 5.0 §6.5"). */
const SECTION_SIGN = /§\s?\d+(\.\d+)*/g;
const NAMED_STANDARD = /\b(ASVS|RFC|OWASP|NIST|ISO|WCAG)\b[^()§]*$/;
/** `docs/…` anywhere (a comment, a string, prose), not inside a longer path such as `/api/docs`. */
const DOCS_PATH = /(?<![\w/.-])docs\/[\w./-]*[\w/-](#[\w-]+)?/g;
const MARKDOWN_LINK = /\]\(([^()\s]+)\)/g;
const DECISION_NUMBER = /\b[Dd]ecisions? (\d{4})\b/g;
/**
 * A source file or folder the current-state pages name in backticks (`services/quiz/complete.ts`): it
 * must exist, from the root or from a workspace's source folder. Decision records are history and may
 * name files that are gone; names starting with a setting (`DATA_DIR/…`) are not paths here.
 */
const SOURCE_PATH = /`((?:[\w.-]+\/)+(?:[\w.-]+\.(?:ts|tsx|mjs|js|sql|css|json|ya?ml)|))`/g;
const SOURCE_BASES = [
  '',
  'apps/server/',
  'apps/server/src/',
  'apps/web/',
  'apps/web/src/',
  'packages/contract/src/',
];
const CURRENT_STATE_PAGE = /^(README\.md|docs\/[^/]+\.md)$/;

const anchorsCache = new Map();

/** GitHub's heading ids: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(file) {
  if (anchorsCache.has(file)) return anchorsCache.get(file);
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  anchorsCache.set(file, anchors);
  return anchors;
}

const decisionsDir = 'docs/decisions';
const decisionFiles = readdirSync(join(root, decisionsDir)).filter((name) => /^\d{4}-.+\.md$/.test(name));
const decisionNumbers = new Set(decisionFiles.map((name) => name.slice(0, 4)));

const isDirectory = (path) => statSync(join(root, path), { throwIfNoEntry: false })?.isDirectory() ?? false;

/** Why `target` (a repository path, maybe with #anchor) does not resolve; null when it does. */
function brokenTarget(target) {
  const [path, anchor] = target.split('#');
  if (path.endsWith('/')) return isDirectory(path) ? null : `no folder ${path}`;
  let file = path;
  if (!existsSync(join(root, file))) {
    // "docs/decisions/0008" names a record by its number.
    const number = /^docs\/decisions\/(\d{4})$/.exec(file)?.[1];
    const record = number && decisionFiles.find((name) => name.startsWith(`${number}-`));
    if (!record) return `no file ${path}`;
    file = `${decisionsDir}/${record}`;
  }
  if (anchor === undefined || isDirectory(file)) return null;
  if (!file.endsWith('.md')) return `${path} is not a Markdown page, so #${anchor} cannot be checked`;
  return anchorsOf(file).has(anchor) ? null : `no section #${anchor} in ${file}`;
}

const problems = [];
let resolved = 0;
const report = (file, lineIndex, message) => problems.push(`${file}:${lineIndex + 1}: ${message}`);

for (const file of repositoryFiles()) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const markdown = file.endsWith('.md');
  let fenced = false;
  lines.forEach((line, i) => {
    for (const { pattern, why } of OUTSIDE) {
      for (const match of line.matchAll(pattern)) report(file, i, `"${match[0]}" ${why}`);
    }
    for (const match of line.matchAll(SECTION_SIGN)) {
      const before = line.slice(Math.max(0, match.index - 30), match.index);
      // After SPEC.md or DESIGN.md it is reported above.
      if (!NAMED_STANDARD.test(before) && !/\b(SPEC|DESIGN)\.md[^()§]*$/.test(before)) {
        report(file, i, `"${match[0]}" names a section of no document; cite docs/<page>.md#<section>`);
      }
    }
    for (const match of line.matchAll(DOCS_PATH)) {
      const broken = brokenTarget(match[0]);
      if (broken) report(file, i, `"${match[0]}": ${broken}`);
      else resolved++;
    }
    for (const match of line.matchAll(DECISION_NUMBER)) {
      if (!decisionNumbers.has(match[1]))
        report(file, i, `"${match[0]}": no record ${decisionsDir}/${match[1]}-*.md`);
    }
    if (!markdown) return;
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    if (CURRENT_STATE_PAGE.test(file)) {
      for (const [, path] of line.matchAll(SOURCE_PATH)) {
        if (/^[A-Z][A-Z_]+\//.test(path)) continue;
        if (SOURCE_BASES.some((base) => existsSync(join(root, base, path)))) resolved++;
        else report(file, i, `\`${path}\`: no such file or folder in the repository`);
      }
    }
    for (const match of line.matchAll(MARKDOWN_LINK)) {
      const link = match[1];
      if (/^[a-z][\w+.-]*:/i.test(link)) continue; // http:, mailto:
      const [path, anchor] = link.split('#');
      const target = path === '' ? file : posix.normalize(posix.join(dirname(file), path));
      const broken = brokenTarget(anchor === undefined ? target : `${target}#${anchor}`);
      if (broken) report(file, i, `link "${link}": ${broken}`);
      else resolved++;
    }
  });
}

// Decision records: the template's shape, one number each, all in the index.
const index = readFileSync(join(root, 'docs/README.md'), 'utf8');
const numbersSeen = new Map();
for (const name of decisionFiles) {
  const file = `${decisionsDir}/${name}`;
  const text = readFileSync(join(root, file), 'utf8');
  const missing = [
    [/^\**Date:?\**/m, 'a "Date:" line'],
    [/^\**Status:?\**/m, 'a "Status:" line'],
    [/^## Context\s*$/m, 'a "## Context" section'],
    [/^## Decision\s*$/m, 'a "## Decision" section'],
    [/^## Consequences\s*$/m, 'a "## Consequences" section'],
  ].filter(([pattern]) => !pattern.test(text));
  for (const [, what] of missing)
    report(file, 0, `a decision record needs ${what} (docs/decisions/0000-template.md)`);
  const number = name.slice(0, 4);
  if (numbersSeen.has(number)) report(file, 0, `number ${number} is also ${numbersSeen.get(number)}`);
  numbersSeen.set(number, name);
  if (number !== '0000' && !index.includes(`decisions/${name}`)) {
    report('docs/README.md', 0, `the decisions index does not list ${file}`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} reference(s) a clone of this repository cannot follow.`);
  process.exit(1);
}
console.log(
  `doc refs: ${resolved} references to docs and source files resolve; nothing cites a document or ticket outside the repository.`,
);
