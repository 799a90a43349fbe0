import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { QuizScreen } from './QuizScreen';
import { makeAssessment, makeEvaluation, mockServer, T0 } from './quiz-test-kit';

// A review with a time limit is a test (docs/live-tests.md): a countdown, and no Check or hints,
// which the server refuses with 409 under a countdown.
describe('a timed review', () => {
  it('shows the countdown and neither Check nor Hint', async () => {
    mockServer({
      assessment: makeAssessment({
        mode: 'review',
        timed: true,
        quizType: 'review',
        deadline: new Date(T0 + 10 * 60_000).toISOString(),
      }),
      evaluations: [makeEvaluation(1), makeEvaluation(2)],
    });
    renderPage(<QuizScreen mode="review" now={() => T0} />, {
      route: '/review/:examId/session',
      path: '/review/jee-main/session',
      user: testUser(),
    });
    expect(await screen.findByRole('heading', { name: 'Question - 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('timer').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Check' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hint' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'How sure are you?' })).not.toBeInTheDocument();
  });
});
