import type { FileIssue, ImportSummary } from './import-summary.js';

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '),
  );
}

function catalogueLines(summary: ImportSummary): string[] {
  const c = summary.catalogue;
  const kinds = (['exams', 'modules', 'subjects', 'topics'] as const).filter(
    (k) => c[k].created + c[k].updated + c[k].unchanged > 0,
  );
  if (!kinds.length) return [];
  return [
    '',
    'Catalogue:',
    ...table([
      ['', 'created', 'updated', 'unchanged'],
      ...kinds.map((k) => [k, String(c[k].created), String(c[k].updated), String(c[k].unchanged)]),
    ]).map((l) => `  ${l}`),
  ];
}

function questionLines(summary: ImportSummary): string[] {
  if (!summary.subjects.length) return [];
  const total = summary.subjects.reduce(
    (t, s) => ({
      created: t.created + s.created,
      updated: t.updated + s.updated,
      unchanged: t.unchanged + s.unchanged,
      skipped: t.skipped + s.skipped,
    }),
    { created: 0, updated: 0, unchanged: 0, skipped: 0 },
  );
  const row = (name: string, n: typeof total) => [
    name,
    String(n.created),
    String(n.updated),
    String(n.unchanged),
    String(n.skipped),
  ];
  return [
    '',
    'Questions:',
    ...table([
      ['subject', 'created', 'updated', 'unchanged', 'skipped'],
      ...summary.subjects.map((s) => row(s.slug, s)),
      row('total', total),
    ]).map((l) => `  ${l}`),
  ];
}

const where = (i: FileIssue) =>
  `${i.file}${i.where.line !== undefined ? `:${i.where.line}` : ''}${i.where.element ? ` ${i.where.element}` : ''}`;

function issueLines(summary: ImportSummary): string[] {
  const out: string[] = [];
  if (summary.skipped.length) {
    out.push('', `Skipped (${summary.skipped.length}, not imported):`);
    out.push(...summary.skipped.map((i) => `  ${where(i)}: ${i.message}`));
  }
  if (summary.warnings.length) {
    out.push('', `Warnings (${summary.warnings.length}):`);
    out.push(...summary.warnings.map((i) => `  ${where(i)}: ${i.message}`));
  }
  if (summary.notes.length) {
    out.push('', 'Notes:');
    out.push(...summary.notes.map((n) => `  ${n}`));
  }
  return out;
}

/** What the CLI prints at the end: questions per subject, catalogue changes, skips and warnings. */
export function formatSummary(summary: ImportSummary): string {
  const files = summary.files.join(', ');
  return [
    summary.dryRun ? `Dry run of ${files}: nothing was written.` : `Imported ${files}.`,
    ...catalogueLines(summary),
    ...questionLines(summary),
    ...issueLines(summary),
  ].join('\n');
}
