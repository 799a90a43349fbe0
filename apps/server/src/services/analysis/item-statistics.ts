/**
 * Item analysis as pure arithmetic (docs/item-analysis.md defines every figure): no database, no
 * clock. The caller (item-analysis.ts) reads the takers' answers; this file turns them into facility,
 * discrimination, point-biserial, skip rate, median time, the distractor table, the test's
 * reliability, and the flags.
 */

/** The share of takers in each of the top and bottom groups: 27 % rounded, at least one. */
export const GROUP_SHARE = 0.27;
export const FLAG_LIMITS = { lowDiscrimination: 0.1, tooHard: 0.1, tooEasy: 0.95 } as const;

export type FlagCode =
  'negative-discrimination' | 'low-discrimination' | 'too-hard' | 'too-easy' | 'check-key' | 'open-reports';
export interface Flag {
  code: FlagCode;
  message: string;
}

/** A question as the analysis needs it: its options (in the bank's order) and which are keyed right. */
export interface ItemSpec {
  id: string;
  /** Option texts; empty for typed answers (numerical, text), which have no distractor table. */
  options: string[];
  keyOptions: string[];
  /** Learners' reports on it not yet resolved. */
  openReports: number;
}

/** One taker's answer to one question. */
export interface ItemResponse {
  /** Marks given; null when left unanswered. */
  mark: number | null;
  /** Full marks (a dropped question counts as right for everyone). */
  right: boolean;
  /** Some but not full marks (JEE Advanced's multiple-correct). */
  partial: boolean;
  /** The options chosen (empty: a typed answer or none). */
  chosen: string[];
  seconds: number;
}

export interface Taker {
  id: string;
  /** The test's score: what the groups are cut by. */
  total: number;
  /** By question id; a question missing here was not on this taker's paper. */
  responses: ReadonlyMap<string, ItemResponse>;
}

export interface OptionShare {
  option: string;
  key: boolean;
  /** Share of the top / bottom group (who had the question) that chose it, 0–1. */
  top: number;
  bottom: number;
  all: number;
}

export interface ItemFigures {
  questionId: string;
  takers: number;
  facility: number | null;
  partialShare: number | null;
  discrimination: number | null;
  pointBiserial: number | null;
  skipRate: number | null;
  medianSeconds: number | null;
  options: OptionShare[];
  openReports: number;
  flags: Flag[];
}

export interface TestFigures {
  takers: number;
  items: number;
  groupSize: number;
  mean: number | null;
  sd: number | null;
  sem: number | null;
  reliability: { method: 'kr20' | 'alpha'; value: number } | null;
}

export interface ItemAnalysis {
  test: TestFigures;
  items: ItemFigures[];
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => (xs.length ? sum(xs) / xs.length : 0);
/** Population variance (divided by n). */
const variance = (xs: number[]) => {
  const m = mean(xs);
  return xs.length ? sum(xs.map((x) => (x - m) ** 2)) / xs.length : 0;
};
const share = (count: number, of: number) => (of > 0 ? count / of : null);
const round4 = (x: number | null) => (x === null || !Number.isFinite(x) ? null : Math.round(x * 1e4) / 1e4);

export function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Pearson's r with population moments; null when either side does not vary. */
export function pearson(xs: number[], ys: number[]): number | null {
  const mx = mean(xs);
  const my = mean(ys);
  const cov = mean(xs.map((x, i) => (x - mx) * (ys[i]! - my)));
  const sx = Math.sqrt(variance(xs));
  const sy = Math.sqrt(variance(ys));
  return sx > 0 && sy > 0 ? cov / (sx * sy) : null;
}

/** Takers from the highest score down (ties: by id, so the cut is the same on every run). */
export function groupsOf(takers: readonly Taker[]): { top: Taker[]; bottom: Taker[]; size: number } {
  const sorted = [...takers].sort((a, b) => b.total - a.total || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const size = takers.length ? Math.max(1, Math.round(takers.length * GROUP_SHARE)) : 0;
  return { top: sorted.slice(0, size), bottom: sorted.slice(sorted.length - size), size };
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

function flagsOf(item: ItemSpec, f: Omit<ItemFigures, 'flags'>): Flag[] {
  const flags: Flag[] = [];
  const d = f.discrimination;
  if (d !== null && d < 0)
    flags.push({
      code: 'negative-discrimination',
      message: `D is ${d.toFixed(2)}: the bottom group got it right more often than the top group.`,
    });
  else if (d !== null && d < FLAG_LIMITS.lowDiscrimination)
    flags.push({
      code: 'low-discrimination',
      message: `D is ${d.toFixed(2)}, under ${FLAG_LIMITS.lowDiscrimination}: it hardly separates strong from weak takers.`,
    });
  if (f.facility !== null && f.facility < FLAG_LIMITS.tooHard)
    flags.push({ code: 'too-hard', message: `Only ${pct(f.facility)} got it fully right (p < 0.1).` });
  if (f.facility !== null && f.facility > FLAG_LIMITS.tooEasy)
    flags.push({ code: 'too-easy', message: `${pct(f.facility)} got it fully right (p > 0.95).` });
  const keyed = f.options.filter((o) => o.key);
  if (keyed.length) {
    const weakestKey = Math.min(...keyed.map((o) => o.top));
    const rival = f.options.filter((o) => !o.key && o.top > weakestKey).sort((a, b) => b.top - a.top)[0];
    if (rival)
      flags.push({
        code: 'check-key',
        message: `Check the key: the top group chose "${rival.option}" (${pct(rival.top)}) more often than the key (${pct(weakestKey)}).`,
      });
  }
  if (item.openReports > 0)
    flags.push({
      code: 'open-reports',
      message: `${item.openReports} open report${item.openReports === 1 ? '' : 's'} from learners.`,
    });
  return flags;
}

/** Which group a taker is in: 1 top, 2 bottom, 3 both (a single taker), 0 neither. */
type Groups = Map<Taker, number>;

/** One pass over the takers per question (10,000 takers × 75 questions in well under a second). */
function analyseItem(item: ItemSpec, takers: readonly Taker[], groups: Groups): ItemFigures {
  const optionAt = new Map(item.options.map((o, i) => [o, i]));
  const chosenBy = {
    all: new Array<number>(item.options.length).fill(0),
    top: [] as number[],
    bottom: [] as number[],
  };
  chosenBy.top = [...chosenBy.all];
  chosenBy.bottom = [...chosenBy.all];
  const rights: number[] = [];
  const rests: number[] = [];
  const seconds: number[] = [];
  let n = 0;
  let right = 0;
  let partial = 0;
  let skipped = 0;
  const group = { top: 0, bottom: 0, topRight: 0, bottomRight: 0 };
  for (const t of takers) {
    const r = t.responses.get(item.id);
    if (!r) continue;
    n += 1;
    if (r.right) right += 1;
    if (r.partial) partial += 1;
    if (r.mark === null) skipped += 1;
    else seconds.push(r.seconds);
    rights.push(r.right ? 1 : 0);
    rests.push(t.total - (r.mark ?? 0));
    const g = groups.get(t) ?? 0;
    if (g & 1) {
      group.top += 1;
      if (r.right) group.topRight += 1;
    }
    if (g & 2) {
      group.bottom += 1;
      if (r.right) group.bottomRight += 1;
    }
    for (const option of r.chosen) {
      const at = optionAt.get(option);
      if (at === undefined) continue;
      chosenBy.all[at]! += 1;
      if (g & 1) chosenBy.top[at]! += 1;
      if (g & 2) chosenBy.bottom[at]! += 1;
    }
  }
  const pTop = share(group.topRight, group.top);
  const pBottom = share(group.bottomRight, group.bottom);
  const figures = {
    questionId: item.id,
    takers: n,
    facility: round4(share(right, n)),
    partialShare: round4(share(partial, n)),
    discrimination: round4(pTop !== null && pBottom !== null ? pTop - pBottom : null),
    pointBiserial: round4(pearson(rights, rests)),
    skipRate: round4(share(skipped, n)),
    medianSeconds: median(seconds),
    options: item.options.map((option, i) => ({
      option,
      key: item.keyOptions.includes(option),
      top: round4(share(chosenBy.top[i]!, group.top) ?? 0)!,
      bottom: round4(share(chosenBy.bottom[i]!, group.bottom) ?? 0)!,
      all: round4(share(chosenBy.all[i]!, n) ?? 0)!,
    })),
    openReports: item.openReports,
  };
  return { ...figures, flags: flagsOf(item, figures) };
}

/**
 * The test's figures: mean, SD (population) and SEM = SD·√(1 − r) of the scores; r is KR-20 over 0/1
 * correctness, or Cronbach's α over the marks when some answer got partial marks. Both need one
 * common paper (every taker had every item), at least two items and scores that vary; otherwise null.
 */
function testFigures(items: readonly ItemSpec[], takers: readonly Taker[], size: number): TestFigures {
  const totals = takers.map((t) => t.total);
  const sd = takers.length ? Math.sqrt(variance(totals)) : null;
  const k = items.length;
  const common = takers.length > 0 && takers.every((t) => items.every((i) => t.responses.has(i.id)));
  let reliability: TestFigures['reliability'] = null;
  if (common && k >= 2) {
    const partial = takers.some((t) => [...t.responses.values()].some((r) => r.partial));
    const itemScore = (r: ItemResponse) => (partial ? (r.mark ?? 0) : r.right ? 1 : 0);
    const rowTotals = new Array<number>(takers.length).fill(0);
    let itemVariances = 0;
    for (const item of items) {
      const column = takers.map((t) => itemScore(t.responses.get(item.id)!));
      column.forEach((x, row) => (rowTotals[row]! += x));
      itemVariances += variance(column);
    }
    const totalVariance = variance(rowTotals);
    if (totalVariance > 0) {
      const value = (k / (k - 1)) * (1 - itemVariances / totalVariance);
      reliability = { method: partial ? 'alpha' : 'kr20', value: round4(value)! };
    }
  }
  const sem = sd !== null && reliability ? sd * Math.sqrt(Math.max(0, 1 - reliability.value)) : null;
  return {
    takers: takers.length,
    items: k,
    groupSize: size,
    mean: takers.length ? round4(mean(totals)) : null,
    sd: round4(sd),
    sem: round4(sem),
    reliability,
  };
}

export function analyseItems(items: readonly ItemSpec[], takers: readonly Taker[]): ItemAnalysis {
  const { top, bottom, size } = groupsOf(takers);
  const groups: Groups = new Map();
  for (const t of top) groups.set(t, 1);
  for (const t of bottom) groups.set(t, (groups.get(t) ?? 0) | 2);
  return {
    test: testFigures(items, takers, size),
    items: items.map((item) => analyseItem(item, takers, groups)),
  };
}
