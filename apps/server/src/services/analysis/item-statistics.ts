import { analyseColumns, MAX_OPTIONS, newColumns } from './item-columns.js';
import { GROUP_SHARE, type ItemAnalysis, type ItemSpec, type Taker } from './item-figures.js';

/**
 * Item analysis as pure arithmetic (docs/item-analysis.md defines every figure): no database, no
 * clock. The figures and flags are in item-figures.ts, the one-pass computation in item-columns.ts;
 * this is the entry point for takers given one by one (the hand-worked tests). The server reads the
 * takers' answers straight into columns (takers.ts).
 */

export * from './item-figures.js';

/** Takers from the highest score down (ties: by id, so the cut is the same on every run). */
export function groupsOf(takers: readonly Taker[]): { top: Taker[]; bottom: Taker[]; size: number } {
  const sorted = [...takers].sort((a, b) => b.total - a.total || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const size = takers.length ? Math.max(1, Math.round(takers.length * GROUP_SHARE)) : 0;
  return { top: sorted.slice(0, size), bottom: sorted.slice(sorted.length - size), size };
}

export function analyseItems(items: readonly ItemSpec[], takers: readonly Taker[]): ItemAnalysis {
  const k = items.length;
  const cols = newColumns(
    takers.map((t) => t.id),
    takers.map((t) => t.total),
    k,
  );
  const optionAt = items.map((item) => new Map(item.options.map((o, i) => [o, i])));
  takers.forEach((t, row) => {
    items.forEach((item, i) => {
      const r = t.responses.get(item.id);
      if (!r) return;
      const cell = row * k + i;
      cols.present[cell] = 1;
      cols.answered[cell] = r.mark === null ? 0 : 1;
      cols.right[cell] = r.right ? 1 : 0;
      cols.partial[cell] = r.partial ? 1 : 0;
      cols.marks[cell] = r.mark ?? 0;
      cols.seconds[cell] = r.seconds;
      for (const option of r.chosen) {
        const at = optionAt[i]!.get(option);
        if (at !== undefined && at < MAX_OPTIONS) cols.chosen[cell]! |= 1 << at;
      }
    });
  });
  return analyseColumns(items, cols);
}
