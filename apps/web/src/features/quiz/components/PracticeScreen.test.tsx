import type { HintData, LockedCheckData } from '@ai-tutor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { QuizScreen } from './QuizScreen';
import { evalId, makeAssessment, makeEvaluation, mockServer, ok, T0 } from './quiz-test-kit';

const PRACTICE_ROUTE = '/practice/exam/:examId/:type/:moduleId?/:subjectId?/:topicId?';
const practiceAssessment = (mode: 'practice' | 'review' = 'practice') =>
  makeAssessment({ mode, timed: false, deadline: new Date(T0 + 7 * 86_400_000).toISOString() });

const checked = (n: number, confidence: 'sure' | 'unsure' | 'guess'): LockedCheckData => ({
  correct: false,
  outcome: 'Incorrect',
  score: -1,
  maxScore: 4,
  key: { baseAnswer: `Option ${n}A`, correctOptions: [`Option ${n}A`] },
  explanation: 'Because $v = u + at$.',
  evaluation: {
    _id: evalId(n),
    userAnswer: `Option ${n}B`,
    status: 'answered',
    markedForReview: false,
    locked: true,
    confidence,
  },
});

const hint = (level: 1 | 2, source: 'authored' | 'solution'): HintData => ({
  level,
  label: level === 1 ? 'Nudge' : 'Concept',
  text: level === 1 ? 'Think about what stays constant.' : 'Uniform acceleration.',
  source,
  promptVersion: 'ladder@2',
  notice: null,
});

function renderPractice(mode: 'practice' | 'review' = 'practice') {
  const server = mockServer({
    assessment: practiceAssessment(mode),
    evaluations: [makeEvaluation(1), makeEvaluation(2)],
    handle: (call) => {
      if (call.path.endsWith('/check')) {
        return ok(checked(1, (call.body as { confidence: 'guess' }).confidence));
      }
      if (call.path.endsWith('/hint')) {
        const { level } = call.body as { level: 1 | 2 };
        return ok(hint(level, level === 1 ? 'authored' : 'solution'));
      }
      return undefined;
    },
  });
  const view =
    mode === 'review'
      ? renderPage(<QuizScreen mode="review" now={() => T0} />, {
          route: '/review/:examId/session',
          path: '/review/jee-main/session',
          user: testUser(),
        })
      : renderPage(<QuizScreen mode="practice" now={() => T0} />, {
          route: PRACTICE_ROUTE,
          path: '/practice/exam/jee-main/subject/physics-module/mechanics',
          user: testUser(),
        });
  return { server, view };
}

describe('practice: check, confidence and the locked answer', () => {
  it('starts an untimed practice session: no clock, a Practice heading', async () => {
    const { server } = renderPractice();
    expect(await screen.findByRole('heading', { name: 'Question - 1' })).toBeInTheDocument();
    expect(server.of('POST', '/api/v1/assessment')[0]?.body).toEqual({
      examSlug: 'jee-main',
      quizType: 'subject',
      moduleSlug: 'physics-module',
      subjectSlug: 'mechanics',
      type: 'practice',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Practice' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByText('Time Remaining')).not.toBeInTheDocument();
  });

  it('checks without asking how sure the learner is (optional), sending no confidence', async () => {
    const user = userEvent.setup();
    const { server } = renderPractice();
    await user.click(await screen.findByRole('radio', { name: 'Option 1B' }));
    expect(screen.getByRole('radiogroup', { name: 'How sure are you? (optional)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() =>
      expect(server.of('POST', `/api/v1/evaluations/${evalId(1)}/check`)[0]?.body).toEqual({}),
    );
  });

  it('takes how sure the learner is, then saves, checks and locks the answer', async () => {
    const user = userEvent.setup();
    const { server } = renderPractice();
    await user.click(await screen.findByRole('radio', { name: 'Option 1B' }));

    await user.click(screen.getByRole('radio', { name: 'Guess' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));

    // Wrong, said in words and by icon, with the marks, the key and the explanation.
    const feedback = (await screen.findByText('Answer key')).parentElement!;
    expect(within(feedback).getByText(/^Incorrect/)).toHaveTextContent('Incorrect (-1 of 4)');
    expect(within(feedback).getByText('You said you were a guess.')).toBeInTheDocument();
    expect(within(feedback).getByText('Answer key')).toBeInTheDocument();
    expect(within(feedback).getByText('Option 1A')).toBeInTheDocument();
    expect(within(feedback).getByText(/Because/)).toBeInTheDocument();

    // The answer was saved first, then checked with the confidence.
    expect(server.saves()[0]?.body).toMatchObject({ evaluationId: evalId(1), userAnswer: 'Option 1B' });
    expect(server.of('POST', `/api/v1/evaluations/${evalId(1)}/check`)[0]?.body).toEqual({
      confidence: 'guess',
    });

    // Locked: the options cannot change, nothing to clear or mark; Next moves on without a save.
    expect(screen.getByText('Checked: your answer is locked.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Option 1A' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear Response' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Check' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Question - 2' })).toBeInTheDocument();
    expect(server.saves()).toHaveLength(1);
  });
});

describe('practice: the hint ladder', () => {
  it('reveals one level at a time under its label, each saying where it came from', async () => {
    const user = userEvent.setup();
    const { server } = renderPractice();
    await user.click(await screen.findByRole('button', { name: 'Hint' }));

    expect(await screen.findByRole('heading', { name: 'Hint 1 of 4: Nudge' })).toBeInTheDocument();
    expect(screen.getByText('Think about what stays constant.')).toBeInTheDocument();
    expect(screen.getByText("Written by the question's author.")).toBeInTheDocument();
    expect(screen.queryByText(/stored solution/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Hint 2/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next hint: Concept' }));
    expect(await screen.findByRole('heading', { name: 'Hint 2 of 4: Concept' })).toBeInTheDocument();
    expect(screen.getByText("Taken from the question's stored solution.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next hint: First step' })).toBeInTheDocument();

    expect(server.of('POST', /\/hint$/).map((c) => c.body)).toEqual([{ level: 1 }, { level: 2 }]);
  });
});

describe('practice: resumed', () => {
  it('shows a checked answer locked with its feedback, and says how many hints were given before', async () => {
    const { evaluation: _checked, ...feedback } = checked(1, 'sure');
    mockServer({
      assessment: practiceAssessment(),
      evaluations: [
        makeEvaluation(1, {
          userAnswer: 'Option 1B',
          status: 'answered',
          locked: true,
          confidence: 'sure',
          hintsGiven: 0,
          feedback,
        }),
        makeEvaluation(2, { hintsGiven: 2 }),
      ],
    });
    const user = userEvent.setup();
    renderPage(<QuizScreen mode="practice" now={() => T0} />, {
      route: PRACTICE_ROUTE,
      path: '/practice/exam/jee-main/subject/physics-module/mechanics',
      user: testUser(),
    });
    expect(await screen.findByText('Checked: your answer is locked.')).toBeInTheDocument();
    expect(screen.getByText('You said you were sure.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Option 1B' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('You asked for 2 hints on this question before: ask again to see them.'),
    ).toBeInTheDocument();
  });
});

describe('review session', () => {
  it('starts the exam’s review (its due questions) untimed, with Check and hints', async () => {
    const { server } = renderPractice('review');
    expect(await screen.findByRole('heading', { name: 'Question - 1' })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.of('POST', '/api/v1/assessment')[0]?.body).toEqual({
        examSlug: 'jee-main',
        quizType: 'review',
        type: 'practice',
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Review' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hint' })).toBeInTheDocument();
  });
});

describe('review session: nothing due', () => {
  it('says why (the server’s message) and goes back to /review', async () => {
    mockServer({
      handle: (call) =>
        call.method === 'POST' && call.path === '/api/v1/assessment'
          ? {
              status: 409,
              body: { message: 'Nothing is due for review in JEE Main right now.', data: null },
            }
          : undefined,
    });
    const { router } = renderPage(<QuizScreen mode="review" now={() => T0} />, {
      route: '/review/:examId/session',
      path: '/review/jee-main/session',
      user: testUser(),
    });
    expect(await screen.findByText('Nothing is due for review in JEE Main right now.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/review'));
  });
});
