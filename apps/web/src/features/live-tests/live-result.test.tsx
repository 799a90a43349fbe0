import type { RankingData, ScheduledTest } from '@ai-tutor/contract';
import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ResultPage from '../../app/routes/result';
import {
  makeAssessment,
  mockFetch,
  ok,
  resultEvaluations,
  stubResizeObserver,
} from '../results/components/results-test-kit';
import { renderPage, testUser } from '../../test/render';

// The result's lazy chunks (the question table, the ranking) take more than a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const renderResult = () =>
  renderPage(<ResultPage />, {
    route: '/quiz/result/:assessmentId',
    path: '/quiz/result/mechanics-quiz-1',
    user: testUser(),
  });

const CLOSES_AT = '2026-11-25T14:05:00.000Z';
const liveRef = (resultsReady: boolean) => ({
  id: 'lt-1',
  name: 'Sunday Live Test',
  closesAt: CLOSES_AT,
  resultsReady,
});
const localTime = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

const test: ScheduledTest = {
  id: 'lt-1',
  name: 'Sunday Live Test',
  exam: { name: 'JEE Main', slug: 'jee-main' },
  module: { name: 'Paper 1', slug: 'paper-1' },
  opensAt: '2026-11-25T12:00:00.000Z',
  closesAt: CLOSES_AT,
  durationMinutes: 60,
  totalQuestions: 6,
  totalMarks: 24,
  markingScheme: { id: 'spec@1', name: 'spec', label: '+4 / −1' },
  status: 'closed',
  resultsReady: true,
  resultsHeld: false,
  you: { state: 'not_started' },
};

const ranking = (overrides: Partial<RankingData> = {}): RankingData => ({
  test,
  takers: 40,
  maxScore: 24,
  rankedAt: CLOSES_AT,
  you: {
    rank: 3,
    takers: 40,
    percentile: 95,
    percentileText: '95.00',
    score: 20,
    maxScore: 24,
    slug: 'mechanics-quiz-1',
    rankChanged: null,
  },
  distribution: [
    { from: 0, to: 8, count: 10, yours: false },
    { from: 8, to: 16, count: 25, yours: false },
    { from: 16, to: 24, count: 5, yours: true },
  ],
  topTenPercent: { takers: 4, averageScore: 21, minScore: 20 },
  subjects: [
    {
      id: 's1',
      name: 'Mechanics',
      questions: 6,
      topTenPercent: { accuracyPercent: 90, averageSecondsPerQuestion: 75 },
      you: { accuracyPercent: 83.333, averageSecondsPerQuestion: 42 },
    },
  ],
  ...overrides,
});

const liveResult = () => ({
  assessment: makeAssessment({ quizType: 'module', liveTest: liveRef(true) }),
  evaluations: resultEvaluations(),
  corrections: [],
});

beforeEach(() => stubResizeObserver());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a live test’s result (docs/product.md#live-test-rules)', () => {
  it('until the window closes says when results open, in this browser’s time, instead of the result', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => ({
      status: 409,
      body: {
        message: 'Results open at 2026-11-25 14:05 UTC, when the live test closes.',
        data: null,
        availableAt: CLOSES_AT,
      },
    }));
    renderResult();
    expect(
      await screen.findByText(new RegExp(`^Submitted — results open at ${localTime(CLOSES_AT)}`)),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Live test submitted' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Test Analysis' })).not.toBeInTheDocument();
    expect(screen.queryByText(/still in progress/)).not.toBeInTheDocument();
    // Its questions can be reported meanwhile (live-reports.test.tsx files one).
    expect(
      await screen.findByRole('button', { name: 'Report a problem with a question' }),
    ).toBeInTheDocument();
  });

  it('asks again when results open, and again while the ranking is not done, then shows the result', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const opensAt = new Date(Date.now() + 300).toISOString();
    let asked = 0;
    mockFetch((call) => {
      if (call.path === '/api/v1/scheduled-tests/lt-1/ranking') return ok(ranking());
      asked += 1;
      // Twice refused with the same moment (the ranking runs a little after it), then open.
      if (asked <= 2)
        return { status: 409, body: { message: 'Results open soon', data: null, availableAt: opensAt } };
      return ok(liveResult());
    });
    renderResult();
    expect(await screen.findByText(/^Submitted — results open at/)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Test Analysis' }, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Your rank in Sunday Live Test' })).toBeInTheDocument();
    expect(asked).toBe(3);
  });

  it('afterwards shows the rank card, the distribution with the learner’s own band and the top 10 % per subject', async () => {
    const calls = mockFetch((call) =>
      call.path === '/api/v1/scheduled-tests/lt-1/ranking' ? ok(ranking()) : ok(liveResult()),
    );
    renderResult();
    const rank = await screen.findByRole('region', { name: 'Your rank in Sunday Live Test' });
    expect(within(rank).getByText('Rank').nextSibling).toHaveTextContent('3 / 40');
    expect(within(rank).getByText('Percentile').nextSibling).toHaveTextContent('95.00');
    expect(within(rank).getByText('Score').nextSibling).toHaveTextContent('20 / 24');
    // Ties: equal scores share a rank.
    expect(rank).toHaveTextContent('Equal scores share a rank');
    expect(within(rank).queryByRole('alert')).not.toBeInTheDocument();

    const spread = screen.getByRole('region', { name: 'How 40 takers scored' });
    // The learner's band says so in words and with a "You" mark, not by its colour alone.
    expect(within(spread).getByText('▼ You')).toBeInTheDocument();
    const bars = within(spread).getAllByRole('img');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      '0 to under 8 marks: 10 takers',
      '8 to under 16 marks: 25 takers',
      '16–24 marks: 5 takers (your score)',
    ]);
    // Keyboard: one tab stop; the arrows move and the figures show on focus.
    // The last band is the chart's one tab stop.
    expect(bars.map((bar) => bar.tabIndex)).toEqual([-1, -1, 0]);
    act(() => bars[2]!.focus());
    expect(await within(spread).findByText('16–24 marks: 5 takers (your score)')).toBeInTheDocument();
    await userEvent.keyboard('{Home}');
    expect(bars[0]).toHaveFocus();
    expect(within(spread).getByText('0 to under 8 marks: 10 takers')).toBeInTheDocument();

    const table = within(spread).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'SubjectYour accuracyTop 10 % accuracyYour time per questionTop 10 % time per question',
      'Mechanics83.3%90%42 s1 min 15 s',
    ]);
    expect(calls.map((c) => c.path)).toContain('/api/v1/scheduled-tests/lt-1/ranking');
  });

  it('says so when a key correction changed the rank', async () => {
    const you = ranking().you!;
    mockFetch((call) =>
      call.path === '/api/v1/scheduled-tests/lt-1/ranking'
        ? ok(
            ranking({
              you: {
                ...you,
                rankChanged: {
                  rankBefore: 5,
                  rankAfter: 3,
                  percentileBefore: 90,
                  percentileAfter: 95,
                  scoreBefore: 16,
                  scoreAfter: 20,
                  at: '2026-11-26T09:00:00.000Z',
                },
              },
            }),
          )
        : ok(liveResult()),
    );
    renderResult();
    const rank = await screen.findByRole('region', { name: 'Your rank in Sunday Live Test' });
    expect(within(rank).getByRole('alert')).toHaveTextContent(
      /your score changed from 16 to 20 and your rank rose from 5 to 3 \(percentile 90\.00 → 95\.00\)/,
    );
  });

  it('while the ranking is computed says so, then shows it', async () => {
    let ready = false;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch((call) => {
      if (call.path !== '/api/v1/scheduled-tests/lt-1/ranking') return ok(liveResult());
      if (ready) return ok(ranking());
      ready = true;
      return {
        status: 409,
        body: {
          message: 'The ranking is being computed. Please try again in a few seconds.',
          data: null,
          availableAt: new Date(Date.now()).toISOString(),
        },
      };
    });
    renderResult();
    expect(
      await screen.findByText('The ranking is being computed. Please try again in a few seconds.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Your rank in Sunday Live Test' }, { timeout: 4000 }),
    ).toBeInTheDocument();
  });

  it('an ordinary mock test shows its practice percentile among first attempts; no ranking is asked for', async () => {
    const calls = mockFetch(() =>
      ok({
        assessment: makeAssessment({ quizType: 'module' }),
        evaluations: resultEvaluations(),
        corrections: [],
        practicePercentile: { percentile: 87.5, percentileText: '87.50', firstAttempts: 16 },
      }),
    );
    renderResult();
    const summary = await screen.findByRole('region', { name: 'Performance Summary' });
    expect(within(summary).getByText('Percentile').nextSibling).toHaveTextContent(
      '87.50among 16 first attempts',
    );
    expect(calls.every((c) => !c.path.startsWith('/api/v1/scheduled-tests'))).toBe(true);
  });
});
