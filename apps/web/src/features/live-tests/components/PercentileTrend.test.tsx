import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { answerCalls } from '../../../test/server';
import { PercentileTrend } from './PercentileTrend';

afterEach(() => vi.restoreAllMocks());

const point = (n: number, percentile: number, rank: number) => ({
  testId: `t${n}`,
  name: `Mock ${n}`,
  closesAt: new Date(Date.UTC(2026, 10, n)).toISOString(),
  percentile,
  percentileText: percentile.toFixed(2),
  rank,
  takers: 40,
});

function serve(trend: ReturnType<typeof point>[]) {
  const asked: URL[] = [];
  answerCalls((call) => {
    if (call.url.pathname !== '/api/v1/scheduled-tests') return undefined;
    asked.push(call.url);
    const data = { upcoming: [], live: [], past: [], trend, serverTime: new Date().toISOString() };
    return { status: 200, body: { message: 'ok', data } };
  });
  return asked;
}

const open = () => renderPage(<PercentileTrend examSlug="jee-main" />, { user: testUser() });

describe('the exam page’s live-test percentile trend', () => {
  it('tells the percentiles in text and lets the keyboard read each test on the line', async () => {
    const asked = serve([point(1, 60, 17), point(8, 82.5, 8), point(15, 95, 3)]);
    open();
    const trend = await screen.findByRole('region', { name: 'Live-test percentile' });
    expect(trend).toHaveTextContent('Last 3 live tests: 60.00 → 82.50 → 95.00');
    expect(asked[0]?.searchParams.get('examSlug')).toBe('jee-main');

    const points = within(trend).getAllByRole('img');
    expect(points.map((p) => p.tabIndex)).toEqual([-1, -1, 0]);
    act(() => points[1]!.focus());
    expect(await within(trend).findByText('Mock 8: percentile 82.50, rank 8 of 40')).toBeInTheDocument();
  });

  it('one ranked test: its figures, no line; none: nothing', async () => {
    serve([point(1, 60, 17)]);
    open();
    const trend = await screen.findByRole('region', { name: 'Live-test percentile' });
    expect(trend).toHaveTextContent('Mock 1: percentile 60.00, rank 17 of 40');
    expect(within(trend).queryByRole('img')).not.toBeInTheDocument();
  });
});
