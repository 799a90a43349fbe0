import type { CoachData } from '@ai-tutor/contract';
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

const topic = (name: string, id: string) => ({ id, name });
/** The server's coach for resultEvaluations(): two wrong at −1, one skipped worth 4. */
const coach: CoachData = {
  marksLostToWrong: 2,
  marksLeftUnattempted: 4,
  blindGuess: { options: 4, marksRight: 4, marksWrong: -1, expected: 0.25 },
  minAnswers: 10,
  topics: [
    {
      topic: topic('Kinematics', 't1'),
      attempted: 3,
      correct: 2,
      wrong: 1,
      unattempted: 0,
      accuracy: 0.62,
      historyAnswers: 21,
      marksRight: 4,
      marksWrong: -1,
      expectedPerAttempt: 2.1,
      advice: 'attempt',
    },
    {
      topic: topic('Lenses', 't3'),
      attempted: 1,
      correct: 0,
      wrong: 1,
      unattempted: 0,
      accuracy: 0.1,
      historyAnswers: 12,
      marksRight: 4,
      marksWrong: -1,
      expectedPerAttempt: -0.5,
      advice: 'skip',
    },
    {
      topic: topic('Dynamics', 't2'),
      attempted: 0,
      correct: 0,
      wrong: 0,
      unattempted: 1,
      accuracy: 0.5,
      historyAnswers: 2,
      marksRight: 4,
      marksWrong: -1,
      expectedPerAttempt: 1.5,
      advice: 'not enough data',
    },
  ],
};

beforeEach(() => stubResizeObserver());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the negative-marking coach on a result', () => {
  it('on a timed result: marks lost against marks left, the blind guess, and per topic advice with its arithmetic', async () => {
    mockFetch(() =>
      ok({ assessment: makeAssessment(), evaluations: resultEvaluations(), corrections: [], coach }),
    );
    renderResult();
    const region = await screen.findByRole('region', { name: 'Negative marking coach' });

    expect(within(region).getByText('Marks lost to wrong answers:').nextElementSibling).toHaveTextContent(
      '2',
    );
    expect(within(region).getByText('Marks left unattempted:').nextElementSibling).toHaveTextContent('4');
    expect(region).toHaveTextContent(
      'Under +4/−1 a blind guess among 4 options is worth 0.25 × 4 − 0.75 × 1 = +0.25',
    );

    const table = within(region).getByRole('table', { name: 'Attempt or skip, by topic' });
    const cells = (name: string) =>
      [...within(table).getByText(name).closest('tr')!.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells('Kinematics')).toEqual([
      'Kinematics',
      '2 / 3 (0)',
      '0.62 (21 answers)',
      '0.62 × 4 − 0.38 × 1 = +2.10 per attempt',
      'Attempt: at your accuracy an answer gains marks on average',
    ]);
    expect(cells('Lenses')[3]).toBe('0.10 × 4 − 0.90 × 1 = −0.50 per attempt');
    expect(cells('Lenses')[4]).toBe('Skip unless sure: at your accuracy an answer loses marks on average');
    expect(cells('Dynamics')[4]).toBe('Not enough answers yet to advise (2 of 10)');
  });

  it('is not shown for an untimed practice session', async () => {
    mockFetch(() =>
      ok({
        assessment: makeAssessment({ mode: 'practice', timed: false }),
        evaluations: resultEvaluations(),
        corrections: [],
        coach,
      }),
    );
    renderResult();
    expect(await screen.findByRole('heading', { name: 'Accuracy' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Negative marking coach' })).not.toBeInTheDocument();
  });
});
