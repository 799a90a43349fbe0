import {
  flagsOf,
  GROUP_SHARE,
  mean,
  round4,
  share,
  variance,
  type ItemAnalysis,
  type ItemFigures,
  type ItemSpec,
  type TestFigures,
} from './item-figures.js';

/**
 * Item analysis over every taker in one pass (docs/item-analysis.md): the answers sit in flat typed
 * arrays, one cell per taker and question, and one walk over them sums what every figure needs —
 * counts, the option table by group, the point-biserial's and the reliability's moments. A live
 * test of 10,000 takers and 75 questions is 750,000 cells: tens of milliseconds, not seconds of
 * Map lookups per taker and per question (docs/performance.md#item-analysis-and-analytics).
 */

/** Up to 32 options a question (the contract allows 10): bit i is the bank's option i. */
export const MAX_OPTIONS = 32;

/** Taker t's answer to item k is cell t·k + k; a cell a taker's paper did not have stays absent. */
export interface AnswerColumns {
  ids: string[];
  /** Each taker's score: what the groups are cut by. */
  totals: Float64Array;
  items: number;
  present: Uint8Array;
  /** 1 when answered (marks given), 0 when skipped or absent. */
  answered: Uint8Array;
  right: Uint8Array;
  partial: Uint8Array;
  marks: Float64Array;
  seconds: Float64Array;
  /** The options chosen, as bits. */
  chosen: Uint32Array;
}

export function newColumns(ids: string[], totals: ArrayLike<number>, items: number): AnswerColumns {
  const cells = ids.length * items;
  return {
    ids,
    totals: Float64Array.from(totals),
    items,
    present: new Uint8Array(cells),
    answered: new Uint8Array(cells),
    right: new Uint8Array(cells),
    partial: new Uint8Array(cells),
    marks: new Float64Array(cells),
    seconds: new Float64Array(cells),
    chosen: new Uint32Array(cells),
  };
}

/** 1 top, 2 bottom, 3 both (a single taker), 0 neither: by score, highest first, ties by id. */
function groupOf(cols: AnswerColumns): { group: Uint8Array; size: number } {
  const n = cols.ids.length;
  const { totals, ids } = cols;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => totals[b]! - totals[a]! || (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0),
  );
  const size = n ? Math.max(1, Math.round(n * GROUP_SHARE)) : 0;
  const group = new Uint8Array(n);
  for (let i = 0; i < size; i += 1) group[order[i]!]! |= 1;
  for (let i = n - size; i < n; i += 1) group[order[i]!]! |= 2;
  return { group, size };
}

/** Pearson's r from exact sums (integer marks keep them exact): null when either side is constant. */
function pearsonOfSums(n: number, sx: number, sxx: number, sy: number, syy: number, sxy: number) {
  const vx = n * sxx - sx * sx;
  const vy = n * syy - sy * sy;
  return n > 0 && vx > 0 && vy > 0 ? (n * sxy - sx * sy) / Math.sqrt(vx * vy) : null;
}
/** Population variance from a count, a sum and a sum of squares. */
const varianceOfSums = (n: number, s: number, ss: number) => (n > 0 ? (n * ss - s * s) / (n * n) : 0);

export function analyseColumns(items: readonly ItemSpec[], cols: AnswerColumns): ItemAnalysis {
  const n = cols.ids.length;
  const k = cols.items;
  const { group, size } = groupOf(cols);
  // Per item: takers, right, partial, skipped, group sizes and rights, and the point-biserial's sums
  // (x = fully right, y = the rest score).
  const perItem = () => new Float64Array(k);
  const [count, right, partial, skipped] = [perItem(), perItem(), perItem(), perItem()];
  const [top, bottom, topRight, bottomRight] = [perItem(), perItem(), perItem(), perItem()];
  const [sy, syy, sxy] = [perItem(), perItem(), perItem()];
  // The reliability's sums: per item over 0/1 and over marks, per taker the row totals of both.
  const [markSum, markSq] = [perItem(), perItem()];
  const [rowRight, rowMarks, rowItems] = [new Float64Array(n), new Float64Array(n), new Uint32Array(n)];
  const optionCounts = items.map((item) => ({
    all: new Float64Array(item.options.length),
    top: new Float64Array(item.options.length),
    bottom: new Float64Array(item.options.length),
  }));
  const times = items.map(() => new Float64Array(n));
  const timeCount = new Uint32Array(k);
  let anyPartial = false;
  for (let t = 0; t < n; t += 1) {
    const g = group[t]!;
    const total = cols.totals[t]!;
    for (let i = 0, cell = t * k; i < k; i += 1, cell += 1) {
      if (!cols.present[cell]) continue;
      rowItems[t]! += 1;
      count[i]! += 1;
      const mark = cols.marks[cell]!;
      const x = cols.right[cell]!;
      right[i]! += x;
      if (cols.partial[cell]) {
        partial[i]! += 1;
        anyPartial = true;
      }
      if (cols.answered[cell]) times[i]![timeCount[i]!++] = cols.seconds[cell]!;
      else skipped[i]! += 1;
      const rest = total - mark;
      sy[i]! += rest;
      syy[i]! += rest * rest;
      if (x) sxy[i]! += rest;
      markSum[i]! += mark;
      markSq[i]! += mark * mark;
      rowRight[t]! += x;
      rowMarks[t]! += mark;
      if (g & 1) {
        top[i]! += 1;
        topRight[i]! += x;
      }
      if (g & 2) {
        bottom[i]! += 1;
        bottomRight[i]! += x;
      }
      let bits = cols.chosen[cell]!;
      if (bits === 0) continue;
      const counts = optionCounts[i]!;
      for (let o = 0; bits !== 0 && o < counts.all.length; o += 1, bits >>>= 1) {
        if (!(bits & 1)) continue;
        counts.all[o]! += 1;
        if (g & 1) counts.top[o]! += 1;
        if (g & 2) counts.bottom[o]! += 1;
      }
    }
  }
  const figures = items.map((item, i): ItemFigures => {
    const pTop = share(topRight[i]!, top[i]!);
    const pBottom = share(bottomRight[i]!, bottom[i]!);
    const m = count[i]!;
    const seconds = times[i]!.subarray(0, timeCount[i]!).sort();
    const mid = seconds.length >> 1;
    const counts = optionCounts[i]!;
    const row = {
      questionId: item.id,
      takers: m,
      facility: round4(share(right[i]!, m)),
      partialShare: round4(share(partial[i]!, m)),
      discrimination: round4(pTop !== null && pBottom !== null ? pTop - pBottom : null),
      // x is 0/1, so Σx² = Σx.
      pointBiserial: round4(pearsonOfSums(m, right[i]!, right[i]!, sy[i]!, syy[i]!, sxy[i]!)),
      skipRate: round4(share(skipped[i]!, m)),
      medianSeconds: seconds.length
        ? seconds.length % 2
          ? seconds[mid]!
          : (seconds[mid - 1]! + seconds[mid]!) / 2
        : null,
      options: item.options.map((option, o) => ({
        option,
        key: item.keyOptions.includes(option),
        top: round4(share(counts.top[o]!, top[i]!) ?? 0)!,
        bottom: round4(share(counts.bottom[o]!, bottom[i]!) ?? 0)!,
        all: round4(share(counts.all[o]!, m) ?? 0)!,
      })),
      openReports: item.openReports,
    };
    return { ...row, flags: flagsOf(item, row) };
  });
  const common = n > 0 && rowItems.every((c) => c === k);
  let reliability: TestFigures['reliability'] = null;
  if (common && k >= 2) {
    // KR-20 over 0/1 (Σ pq is Σ of each column's variance), or α over the marks when some were partial.
    let itemVariances = 0;
    for (let i = 0; i < k; i += 1)
      itemVariances += anyPartial
        ? varianceOfSums(n, markSum[i]!, markSq[i]!)
        : varianceOfSums(n, right[i]!, right[i]!);
    const totalVariance = variance(Array.from(anyPartial ? rowMarks : rowRight));
    if (totalVariance > 0) {
      const value = (k / (k - 1)) * (1 - itemVariances / totalVariance);
      reliability = { method: anyPartial ? 'alpha' : 'kr20', value: round4(value)! };
    }
  }
  const totals = Array.from(cols.totals);
  const sd = n ? Math.sqrt(variance(totals)) : null;
  const sem = sd !== null && reliability ? sd * Math.sqrt(Math.max(0, 1 - reliability.value)) : null;
  return {
    test: {
      takers: n,
      items: k,
      groupSize: size,
      mean: n ? round4(mean(totals)) : null,
      sd: round4(sd),
      sem: round4(sem),
      reliability,
    },
    items: figures,
  };
}
