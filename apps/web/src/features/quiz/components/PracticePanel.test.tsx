import type { LockedCheckData, TryAgainData } from '@ai-tutor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { QuizScreen } from './QuizScreen';
import { evalId, makeAssessment, makeEvaluation, mockServer, ok, T0 } from './quiz-test-kit';

/** Practice lets a learner try again after a wrong check (decision 0016). */

const notYet: TryAgainData = {
  correct: false,
  triesUsed: 1,
  triesLeft: 2,
  evaluation: {
    _id: evalId(1),
    userAnswer: 'Option 1B',
    status: 'answered',
    markedForReview: false,
    locked: false,
    confidence: null,
  },
};
const solved = (answer: string, correct: boolean): LockedCheckData => ({
  correct,
  outcome: correct ? 'Correct' : 'Incorrect',
  score: -1,
  maxScore: 4,
  key: { baseAnswer: 'Option 1A', correctOptions: ['Option 1A'] },
  explanation: 'Because $v = u + at$.',
  evaluation: { ...notYet.evaluation, userAnswer: answer, locked: true },
});

function renderPractice(replies: (body: { reveal?: boolean }) => TryAgainData | LockedCheckData) {
  const server = mockServer({
    assessment: makeAssessment({
      mode: 'practice',
      timed: false,
      deadline: new Date(T0 + 7 * 86_400_000).toISOString(),
    }),
    evaluations: [makeEvaluation(1), makeEvaluation(2)],
    handle: (call) =>
      call.path.endsWith('/check') ? ok(replies(call.body as { reveal?: boolean })) : undefined,
  });
  renderPage(<QuizScreen mode="practice" now={() => T0} />, {
    route: '/practice/exam/:examId/:type/:moduleId?/:subjectId?/:topicId?',
    path: '/practice/exam/jee-main/subject/physics-module/mechanics',
    user: testUser(),
  });
  return server;
}

describe('practice: trying again after a wrong check', () => {
  it('says "Not quite — try again" with no key, keeps the answer editable and the hints, then the right answer shows the feedback', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const server = renderPractice(() => (++tries === 1 ? notYet : solved('Option 1A', true)));
    await user.click(await screen.findByRole('radio', { name: 'Option 1B' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));

    expect(await screen.findByText('Not quite — try again.')).toBeInTheDocument();
    expect(screen.queryByText('Answer key')).not.toBeInTheDocument();
    expect(screen.queryByText('Checked: your answer is locked.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hint' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Show solution' })).toBeInTheDocument();
    const other = screen.getByRole('radio', { name: 'Option 1A' });
    expect(other).toBeEnabled();

    await user.click(other);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const feedback = (await screen.findByText('Answer key')).parentElement!;
    expect(within(feedback).getByText(/^Correct/)).toHaveTextContent(/^Correct$/);
    expect(within(feedback).getByText('Your first try counts: -1 of 4.')).toBeInTheDocument();
    expect(screen.getByText('Checked: your answer is locked.')).toBeInTheDocument();
    expect(screen.queryByText('Not quite — try again.')).not.toBeInTheDocument();
    expect(server.saves().map((s) => (s.body as { userAnswer?: string }).userAnswer)).toEqual([
      'Option 1B',
      'Option 1A',
    ]);
  });

  it('Show solution asks the server to reveal and shows the key and explanation', async () => {
    const user = userEvent.setup();
    const server = renderPractice((body) => (body.reveal ? solved('Option 1B', false) : notYet));
    await user.click(await screen.findByRole('radio', { name: 'Option 1B' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await user.click(await screen.findByRole('button', { name: 'Show solution' }));

    const feedback = (await screen.findByText('Answer key')).parentElement!;
    expect(within(feedback).getByText('Option 1A')).toBeInTheDocument();
    expect(within(feedback).getByText(/Because/)).toBeInTheDocument();
    await waitFor(() =>
      expect(server.of('POST', `/api/v1/evaluations/${evalId(1)}/check`).map((c) => c.body)).toEqual([
        {},
        { reveal: true },
      ]),
    );
  });
});
