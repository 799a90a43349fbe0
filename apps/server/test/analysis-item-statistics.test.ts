import { describe, expect, it } from 'vitest';
import {
  analyseItems,
  groupsOf,
  median,
  type ItemResponse,
  type ItemSpec,
  type Taker,
} from '../src/services/analysis/item-statistics.js';

// docs/item-analysis.md: every figure below is worked by hand in the comments, from the definitions there.

const item = (id: string, openReports = 0): ItemSpec => ({
  id,
  options: ['A', 'B', 'C', 'D'],
  keyOptions: ['A'],
  openReports,
});
/** A single-choice answer marked 1 right, 0 wrong; '' is a skip. */
const ans = (choice: string, seconds = 30): ItemResponse =>
  choice === ''
    ? { mark: null, right: false, partial: false, chosen: [], seconds: 0 }
    : { mark: choice === 'A' ? 1 : 0, right: choice === 'A', partial: false, chosen: [choice], seconds };
const taker = (id: string, answers: Record<string, ItemResponse>, total?: number): Taker => ({
  id,
  total: total ?? Object.values(answers).reduce((s, r) => s + (r.mark ?? 0), 0),
  responses: new Map(Object.entries(answers)),
});

describe('a five-taker, three-item test worked by hand', () => {
  //        Q1  Q2  Q3    total
  //   T1   A   A   A       3
  //   T2   A   A   B       2
  //   T3   A   B   -       1
  //   T4   B   A   -       1
  //   T5   B   B   B       0
  // Groups: round(5 × 0.27 = 1.35) = 1 taker each: top T1 (3), bottom T5 (0).
  const takers = [
    taker('T1', { Q1: ans('A', 20), Q2: ans('A', 40), Q3: ans('A', 50) }),
    taker('T2', { Q1: ans('A', 30), Q2: ans('A', 40), Q3: ans('B', 70) }),
    taker('T3', { Q1: ans('A', 40), Q2: ans('B', 40), Q3: ans('') }),
    taker('T4', { Q1: ans('B', 50), Q2: ans('A', 40), Q3: ans('') }),
    taker('T5', { Q1: ans('B', 60), Q2: ans('B', 40), Q3: ans('B', 10) }),
  ];
  const result = analyseItems([item('Q1'), item('Q2'), item('Q3')], takers);
  const [q1, q2, q3] = result.items;

  it('cuts the top and bottom 27 % by total score', () => {
    const { top, bottom, size } = groupsOf(takers);
    expect(size).toBe(1);
    expect(top.map((t) => t.id)).toEqual(['T1']);
    expect(bottom.map((t) => t.id)).toEqual(['T5']);
  });

  it('facility, discrimination, skip rate and median time', () => {
    // Q1: right T1 T2 T3 → p = 3/5 = 0.6; top 1/1 − bottom 0/1 → D = 1; nobody skipped.
    expect(q1).toMatchObject({ takers: 5, facility: 0.6, discrimination: 1, skipRate: 0 });
    // Q1 times 20 30 40 50 60 → median 40.
    expect(q1!.medianSeconds).toBe(40);
    // Q3: right T1 only → p = 1/5 = 0.2; T3 and T4 skipped → 2/5 = 0.4; median of the answered
    // 50, 70, 10 → 50 (skips have no time).
    expect(q3).toMatchObject({ facility: 0.2, discrimination: 1, skipRate: 0.4, medianSeconds: 50 });
  });

  it('point-biserial against the rest of the test', () => {
    // Q1: x = 1 1 1 0 0, rest = total − Q1's mark = 2 1 0 1 0. Means 0.6 and 0.8.
    // cov = (0.4·1.2 + 0.4·0.2 + 0.4·(−0.8) + (−0.6)·0.2 + (−0.6)(−0.8)) / 5 = 0.6 / 5 = 0.12
    // var x = 0.24 (sd 0.48990); var rest = (1.44 + 0.04 + 0.64 + 0.04 + 0.64) / 5 = 0.56 (sd 0.74833)
    // r = 0.12 / (0.48990 · 0.74833) = 0.32733
    expect(q1!.pointBiserial).toBeCloseTo(0.3273, 4);
    // Q2: x = 1 1 0 1 0, rest = 2 1 1 0 0: the same moments → 0.32733.
    expect(q2!.pointBiserial).toBeCloseTo(0.3273, 4);
    // Q3: x = 1 0 0 0 0, rest = 2 2 1 1 0 (means 0.2, 1.2).
    // cov = (0.8·0.8 + (−0.2)(0.8) + (−0.2)(−0.2) + (−0.2)(−0.2) + (−0.2)(−1.2)) / 5 = 0.8 / 5 = 0.16
    // var x = 0.16 (sd 0.4), var rest = 0.56 → r = 0.16 / (0.4 · 0.74833) = 0.53452
    expect(q3!.pointBiserial).toBeCloseTo(0.5345, 4);
  });

  it('the distractor table: each option in the top and bottom groups', () => {
    // Q3: T1 (top) chose A, T5 (bottom) chose B; over all five: A 1/5, B 2/5.
    expect(q3!.options).toEqual([
      { option: 'A', key: true, top: 1, bottom: 0, all: 0.2 },
      { option: 'B', key: false, top: 0, bottom: 1, all: 0.4 },
      { option: 'C', key: false, top: 0, bottom: 0, all: 0 },
      { option: 'D', key: false, top: 0, bottom: 0, all: 0 },
    ]);
  });

  it('KR-20, mean, SD and SEM', () => {
    // Σpq = 0.6·0.4 + 0.6·0.4 + 0.2·0.8 = 0.64. Totals 3 2 1 1 0: mean 1.4,
    // var = (2.56 + 0.36 + 0.16 + 0.16 + 1.96) / 5 = 1.04, SD = 1.01980.
    // KR-20 = 3/2 · (1 − 0.64/1.04) = 0.57692; SEM = 1.01980 · √(1 − 0.57692) = 0.66332.
    expect(result.test).toMatchObject({ takers: 5, items: 3, groupSize: 1, mean: 1.4 });
    expect(result.test.reliability).toEqual({ method: 'kr20', value: 0.5769 });
    expect(result.test.sd).toBeCloseTo(1.0198, 4);
    expect(result.test.sem).toBeCloseTo(0.6633, 3);
  });

  it('raises no flag on these sound items', () => {
    expect(result.items.flatMap((i) => i.flags)).toEqual([]);
  });
});

describe('flags', () => {
  // Four takers cut by the totals given: groups of round(4 × 0.27 = 1.08) = 1, top T1 (10), bottom T4 (2).
  //        X   Y   Z   W
  //   T1   C   B   A   -     10
  //   T2   A   A   A   -      8
  //   T3   A   A   A   -      5
  //   T4   B   A   A   -      2
  const takers = [
    taker('T1', { X: ans('C'), Y: ans('B'), Z: ans('A'), W: ans('') }, 10),
    taker('T2', { X: ans('A'), Y: ans('A'), Z: ans('A'), W: ans('') }, 8),
    taker('T3', { X: ans('A'), Y: ans('A'), Z: ans('A'), W: ans('') }, 5),
    taker('T4', { X: ans('B'), Y: ans('A'), Z: ans('A'), W: ans('') }, 2),
  ];
  const byId = Object.fromEntries(
    analyseItems([item('X', 2), item('Y'), item('Z'), item('W')], takers).items.map((i) => [
      i.questionId,
      i.flags.map((f) => f.code),
    ]),
  );

  it('X: D = 0 − 0 = 0 is low; the top group chose C (1) over the key A (0); two open reports', () => {
    expect(byId.X).toEqual(['low-discrimination', 'check-key', 'open-reports']);
  });
  it('Y: D = 0 − 1 = −1 is negative, and the top group chose B over the key', () => {
    expect(byId.Y).toEqual(['negative-discrimination', 'check-key']);
  });
  it('Z: p = 4/4 = 1 > 0.95 is too easy (and D = 1 − 1 = 0)', () => {
    expect(byId.Z).toEqual(['low-discrimination', 'too-easy']);
  });
  it('W: p = 0 < 0.1 is too hard (everyone skipped: D = 0)', () => {
    expect(byId.W).toEqual(['low-discrimination', 'too-hard']);
  });
});

describe("partial marks: Cronbach's α", () => {
  // JEE Advanced multiple-correct marks (4 full, 1–3 partial, −2 wrong):
  //        M1   M2    total
  //   T1    4    3      7
  //   T2    2    4      6
  //   T3   −2    -     −2
  // var M1 = (4, 2, −2) about 4/3 = 56/9; var M2 = (3, 4, 0) about 7/3 = 26/9;
  // var total = (7, 6, −2) about 11/3 = 146/9. α = 2/1 · (1 − 82/146) = 128/146 = 0.87671.
  const marked = (mark: number | null, full = 4): ItemResponse => ({
    mark,
    right: mark === full,
    partial: mark !== null && mark > 0 && mark < full,
    chosen: [],
    seconds: 60,
  });
  const takers = [
    taker('T1', { M1: marked(4), M2: marked(3) }),
    taker('T2', { M1: marked(2), M2: marked(4) }),
    taker('T3', { M1: marked(-2), M2: marked(null) }),
  ];
  const spec = (id: string): ItemSpec => ({ id, options: [], keyOptions: [], openReports: 0 });
  const result = analyseItems([spec('M1'), spec('M2')], takers);

  it('uses α over the marks, and counts partial marks apart from full ones', () => {
    expect(result.test.reliability).toEqual({ method: 'alpha', value: 0.8767 });
    // M1: fully right T1 only → p = 1/3; partial T2 → 1/3.
    expect(result.items[0]).toMatchObject({ facility: 0.3333, partialShare: 0.3333 });
  });

  it('has no reliability when the takers had different papers', () => {
    const mixed = analyseItems([spec('M1'), spec('M2')], [...takers, taker('T4', { M1: marked(4) })]);
    expect(mixed.test.reliability).toBeNull();
    expect(mixed.items[1]!.takers).toBe(3);
  });
});

describe('median', () => {
  it('of an even count is the mean of the two middle values', () => {
    expect(median([10, 40, 20, 30])).toBe(25);
    expect(median([])).toBeNull();
  });
});
