/**
 * The figures of item analysis (docs/item-analysis.md defines every one): their types, the small
 * helpers they are computed with, and the flags. No database, no clock; item-columns.ts computes them
 * over every taker in one pass, item-statistics.ts is the entry point.
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

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
export const mean = (xs: number[]) => (xs.length ? sum(xs) / xs.length : 0);
/** Population variance (divided by n). */
export const variance = (xs: number[]) => {
  const m = mean(xs);
  return xs.length ? sum(xs.map((x) => (x - m) ** 2)) / xs.length : 0;
};
export const share = (count: number, of: number) => (of > 0 ? count / of : null);
export const round4 = (x: number | null) =>
  x === null || !Number.isFinite(x) ? null : Math.round(x * 1e4) / 1e4;

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

const pct = (x: number) => `${Math.round(x * 100)} %`;

/** The flags of a question's figures; `open-reports` last, as it is the one added at read time. */
export function flagsOf(item: ItemSpec, f: Omit<ItemFigures, 'flags'>): Flag[] {
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
  const reports = openReportsFlag(item.openReports);
  if (reports) flags.push(reports);
  return flags;
}

/** Learners' reports not resolved yet: a flag read live even over a stored analysis. */
export function openReportsFlag(openReports: number): Flag | null {
  return openReports > 0
    ? {
        code: 'open-reports',
        message: `${openReports} open report${openReports === 1 ? '' : 's'} from learners.`,
      }
    : null;
}
