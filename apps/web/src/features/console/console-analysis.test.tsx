import type {
  BatchAnalytics,
  BatchTestAnalytics,
  ItemAnalysisData,
  ItemAnalysisItem,
} from '@ai-tutor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';
import { preloadConsole } from '../../test/preload-console';

preloadConsole();

const TEST_ID = '22222222-2222-4222-8222-222222222222';
const BATCH_ID = '11111111-1111-4111-8111-111111111111';
const ok = (data: unknown) => ({ body: { message: 'ok', data } });

const item = (n: number, flags: ItemAnalysisItem['flags'] = []): ItemAnalysisItem => ({
  questionId: `q${n}`,
  number: n,
  subject: 'Physics',
  topic: 'Waves',
  type: 'single',
  text: `Question ${n} text`,
  key: 'A',
  dropped: false,
  takers: 30,
  facility: 0.6,
  partialShare: 0,
  discrimination: 0.5,
  pointBiserial: 0.4,
  skipRate: 0.1,
  medianSeconds: 42,
  options: [
    { option: 'A', key: true, top: 0.9, bottom: 0.3, all: 0.6 },
    { option: 'B', key: false, top: 0.1, bottom: 0.7, all: 0.4 },
  ],
  openReports: 0,
  flags,
});

const analysis: ItemAnalysisData = {
  scope: { kind: 'live-test', id: TEST_ID, name: 'Mock 7', moduleSlug: 'mock' },
  test: {
    takers: 30,
    items: 2,
    groupSize: 8,
    mean: 21.5,
    sd: 6.2,
    sem: 2.1,
    reliability: { method: 'kr20', value: 0.81 },
  },
  items: [
    item(2, [
      {
        code: 'check-key',
        message: 'Check the key: the top group chose "B" (88 %) more often than the key (12 %).',
      },
    ]),
    item(1),
  ],
};

describe('the item analysis screen', () => {
  it('shows the flagged question first, what each figure means, and links it to key correction', async () => {
    answerCalls(({ url }) =>
      url.pathname === `/api/v1/admin/scheduled-tests/${TEST_ID}/item-analysis` ? ok(analysis) : undefined,
    );
    renderRoutes(routes, `/admin/live-tests/${TEST_ID}/analysis`, testUser({ roles: ['editor'] }));
    // The console is a lazy chunk: the first screen of a cold worker waits for its import.
    expect(
      await screen.findByRole('heading', { name: 'Item analysis: Mock 7' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('1 of 2 questions are flagged; they are listed first.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Questions' })).getAllByRole('row');
    expect(within(rows[1]!).getByText('Question 2 text')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/^Check the key/)).toBeInTheDocument();
    expect(
      within(rows[1]!).getByRole('link', { name: 'Review reports and correct the key' }),
    ).toHaveAttribute('href', '/admin/reports/q2');
    expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(screen.getByLabelText('Test figures')).getByText('0.81')).toBeInTheDocument();
    await userEvent.click(screen.getByText('What the figures mean'));
    expect(await screen.findByText(/The share of takers who got the question fully right/)).toBeVisible();
    for (const name of ['Results (Excel)', 'Results (CSV)', 'Item analysis (CSV)'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('says when sessions are still to be completed, and asks again until they are', async () => {
    let reads = 0;
    answerCalls(({ url }) => {
      if (url.pathname !== `/api/v1/admin/scheduled-tests/${TEST_ID}/item-analysis`) return undefined;
      reads += 1;
      return reads === 1
        ? ok({ ...analysis, test: { ...analysis.test, takers: 28 }, notCompleted: 2 })
        : ok(analysis);
    });
    renderRoutes(routes, `/admin/live-tests/${TEST_ID}/analysis`, testUser({ roles: ['editor'] }));
    expect(
      await screen.findByText(
        '2 sessions are not completed yet: these figures count the 28 completed ones and update by themselves.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    // The next read, five seconds on, counts every taker and the note goes.
    await waitFor(() => expect(screen.queryByText(/not completed yet/)).not.toBeInTheDocument(), {
      timeout: 8_000,
    });
    expect(within(screen.getByLabelText('Test figures')).getByText('30')).toBeInTheDocument();
  }, 20_000);

  it('is not for a teacher: the console sends them home', async () => {
    const { router } = renderRoutes(
      routes,
      `/admin/live-tests/${TEST_ID}/analysis`,
      testUser({ roles: ['teacher'] }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});

const overview: BatchAnalytics = {
  batch: { id: BATCH_ID, name: 'NEET Morning', memberCount: 2 },
  subjects: [
    { id: 's2', name: 'Chemistry', answered: 10, correct: 3, accuracyPercent: 30, averageSeconds: 55 },
    { id: 's1', name: 'Physics', answered: 10, correct: 8, accuracyPercent: 80, averageSeconds: 40 },
  ],
  topics: [],
  learners: [
    {
      id: 'u1',
      name: 'Pia',
      email: 'pia@example.test',
      lastAttemptAt: '2026-11-27T10:00:00.000Z',
      trend: [
        { testId: 't1', testName: 'A', closesAt: '2026-11-20T10:00:00.000Z', percentile: 100 },
        { testId: 't2', testName: 'B', closesAt: '2026-11-21T10:00:00.000Z', percentile: 66.6667 },
        { testId: 't3', testName: 'C', closesAt: '2026-11-22T10:00:00.000Z', percentile: 25 },
      ],
      falling: true,
      inactive: false,
    },
    {
      id: 'u2',
      name: 'Quinn',
      email: 'q@example.test',
      lastAttemptAt: null,
      trend: [],
      falling: false,
      inactive: true,
    },
  ],
};
const board: BatchTestAnalytics = {
  batch: { id: BATCH_ID, name: 'NEET Morning' },
  test: { id: TEST_ID, name: 'Mock 7', maxScore: 16, takers: 4 },
  leaderboard: [
    {
      batchRank: 1,
      rank: 2,
      learnerId: 'u1',
      name: 'Pia',
      email: 'pia@example.test',
      score: 11,
      percentile: 75,
      seconds: 125,
    },
  ],
  distribution: [{ from: 0, to: 16, count: 1 }],
  absent: [{ id: 'u2', name: 'Quinn', email: 'q@example.test' }],
};

describe('the analytics screen', () => {
  it("shows a teacher's batch: who to follow up, subjects weakest first, a test's leaderboard", async () => {
    answerCalls(({ url }) => {
      if (url.pathname === '/api/v1/admin/batches')
        return ok({
          rows: [{ ...overview.batch, description: null, createdAt: '2026-11-01T00:00:00.000Z' }],
          total: 1,
        });
      if (url.pathname === `/api/v1/admin/analytics/batches/${BATCH_ID}`) return ok(overview);
      if (url.pathname === '/api/v1/admin/analytics/live-tests')
        return ok({
          tests: [
            {
              id: TEST_ID,
              name: 'Mock 7',
              moduleSlug: 'mock',
              opensAt: '2026-11-22T09:00:00.000Z',
              closesAt: '2026-11-22T10:00:00.000Z',
              maxScore: 16,
              takers: 1,
              ranked: true,
            },
          ],
        });
      if (url.pathname === `/api/v1/admin/analytics/batches/${BATCH_ID}/live-tests/${TEST_ID}`)
        return ok(board);
      return undefined;
    });
    renderRoutes(routes, '/admin/analytics', testUser({ roles: ['teacher'] }));
    expect(
      await screen.findByText(/2 of 2 learners need a word/, {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const subjects = within(screen.getByRole('table', { name: 'Subjects' })).getAllByRole('row');
    expect(within(subjects[1]!).getByText('Chemistry')).toBeInTheDocument();
    const learners = within(screen.getByRole('table', { name: 'Learners' }));
    expect(learners.getByText('100.00 → 66.66 → 25.00')).toBeInTheDocument();
    expect(learners.getByText('Falling')).toBeInTheDocument();
    expect(learners.getByText('No attempt in 7 days')).toBeInTheDocument();
    const leaderboard = within(await screen.findByRole('table', { name: 'Leaderboard' }));
    expect(leaderboard.getByText('75.00')).toBeInTheDocument();
    expect(leaderboard.getByText('2:05')).toBeInTheDocument();
    expect(screen.getByText('Did not take it: Quinn')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Results (Excel)' })).toBeInTheDocument();
  });
});
