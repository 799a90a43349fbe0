import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { ResultScreen } from './ResultScreen';
import { makeAssessment, mockFetch, ok, resultEvaluations, stubResizeObserver } from './results-test-kit';

const renderResult = () =>
  renderPage(<ResultScreen />, {
    route: '/quiz/result/:assessmentId',
    path: '/quiz/result/mechanics-quiz-1',
    user: testUser(),
  });

beforeEach(() => stubResizeObserver());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the negative-marking coach on a result', () => {
  it('on a timed result: marks lost to wrong answers against marks left unattempted, and per topic advice with its arithmetic', async () => {
    mockFetch(() => ok({ assessment: makeAssessment(), evaluations: resultEvaluations(), corrections: [] }));
    renderResult();
    const coach = await screen.findByRole('region', { name: 'Negative marking coach' });

    expect(within(coach).getByText('Marks lost to wrong answers:').nextElementSibling).toHaveTextContent(
      '2 (2 wrong)',
    );
    expect(within(coach).getByText('Marks left unattempted:').nextElementSibling).toHaveTextContent(
      '4 (1 skipped)',
    );
    expect(coach).toHaveTextContent(
      'Under +4/−1 a blind guess among 4 options is worth 0.25 × 4 − 0.75 × 1 = +0.25',
    );

    const table = within(coach).getByRole('table', { name: 'Attempt or skip, by topic' });
    const row = (topic: string) => within(table).getByText(topic).closest('tr')!.querySelectorAll('td');
    // Kinematics: 2 right of 3 attempted.
    expect([...row('Kinematics')].map((c) => c.textContent)).toEqual([
      'Kinematics',
      '2 / 3',
      '0.67 × 4 − 0.33 × 1 = +2.35 per attempt',
      'Attempt: at your accuracy an answer gains marks on average',
    ]);
    expect(row('Lenses')[3]).toHaveTextContent('Skip unless sure');
    expect(row('Dynamics')[2]).toHaveTextContent('—');
  });

  it('is not shown for an untimed practice session', async () => {
    mockFetch(() =>
      ok({
        assessment: makeAssessment({ mode: 'practice', timed: false }),
        evaluations: resultEvaluations(),
        corrections: [],
      }),
    );
    renderResult();
    expect(await screen.findByRole('heading', { name: 'Accuracy' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Negative marking coach' })).not.toBeInTheDocument();
  });
});
