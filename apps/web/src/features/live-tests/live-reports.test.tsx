import { RESULTS_BEING_CHECKED } from '@ai-tutor/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import QuizPage from '../../app/routes/quiz';
import ResultPage from '../../app/routes/result';
import {
  evalId,
  makeAssessment as makeRunning,
  makeEvaluation,
  mockServer,
  QUIZ_PATH,
  QUIZ_ROUTE,
  T0,
} from '../quiz/components/quiz-test-kit';
import { makeAssessment, mockFetch, ok, stubResizeObserver } from '../results/components/results-test-kit';
import { renderPage, testUser } from '../../test/render';

// The report dialog and the paper are lazy chunks: their first import takes more than a second here.
configure({ asyncUtilTimeout: 5000 });

const LIVE_ID = '5f0c2a6e-8d1b-4c3e-9a7f-2b6d4e8f1a3c';
const live = {
  id: LIVE_ID,
  name: 'Sunday Live Test',
  closesAt: new Date(T0 + 3600_000).toISOString(),
  resultsReady: false,
};
const THANKS = 'Thank you. The question has been reported and will be checked.';

beforeEach(() => stubResizeObserver());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Picks a reason and a note in the open dialog and sends it. */
async function fileReport(user: ReturnType<typeof userEvent.setup>, note: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
  await user.click(within(dialog).getByRole('radio', { name: 'The answer key is wrong' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), note);
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(await screen.findByText(THANKS)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('reporting a live test’s question (docs/product.md#question-reports)', () => {
  it('on the quiz while the test runs: by the question’s evaluation, the question id never needed', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      assessment: makeRunning({ quizType: 'module', liveTest: live }),
      evaluations: [makeEvaluation(1), makeEvaluation(2)],
      handle: (call) =>
        call.method === 'POST' && call.path.endsWith('/reports')
          ? { status: 200, body: { message: THANKS, data: null } }
          : undefined,
    });
    renderPage(<QuizPage />, {
      route: QUIZ_ROUTE,
      path: `/quiz/exam/jee-main/module/physics-module?live=${LIVE_ID}`,
      user: testUser(),
    });
    expect(await screen.findByRole('heading', { name: 'Question - 1' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Save & Next' }));
    expect(await screen.findByRole('heading', { name: 'Question - 2' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    await fileReport(user, '9 + 7 is 16');
    expect(server.of('POST', /\/reports$/).map((c) => [c.path, c.body])).toEqual([
      [`/api/v1/evaluations/${evalId(2)}/reports`, { reason: 'wrong-key', note: '9 + 7 is 16' }],
    ]);
    // The test goes on where it was.
    expect(screen.getByRole('heading', { name: 'Question - 2' })).toBeInTheDocument();
  });

  it('an ordinary quiz has no report button: its questions are reported from the notebook', async () => {
    mockServer();
    renderPage(<QuizPage />, { route: QUIZ_ROUTE, path: QUIZ_PATH, user: testUser() });
    expect(await screen.findByRole('heading', { name: 'Question - 1' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: /Report a problem/ })).not.toBeInTheDocument();
  });

  it('on the held result after submitting: the paper’s questions, asked for when opened, each to report', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = mockFetch((call) => {
      if (call.path === '/api/v1/assessment/get-session/mechanics-quiz-1')
        return { status: 409, body: { message: RESULTS_BEING_CHECKED, data: null } };
      if (call.path === '/api/v1/assessment/session/mechanics-quiz-1')
        return ok({
          assessment: makeAssessment({ quizType: 'module', liveTest: live, sessionCompleted: true }),
          evaluation: [
            makeEvaluation(1, { userAnswer: 'Option 1A', status: 'answered' }),
            makeEvaluation(2, {
              baseQuestion: { ...makeEvaluation(2).baseQuestion, questionText: 'What is 9 + 7?' },
            }),
          ],
        });
      if (call.method === 'POST' && call.path.endsWith('/reports'))
        return { status: 200, body: { message: THANKS, data: null } };
      return { status: 404, body: { message: 'not found', data: null } };
    });
    renderPage(<ResultPage />, {
      route: '/quiz/result/:assessmentId',
      path: '/quiz/result/mechanics-quiz-1',
      user: testUser(),
    });
    expect(await screen.findByText(RESULTS_BEING_CHECKED)).toBeInTheDocument();
    const opener = await screen.findByRole('button', { name: 'Report a problem with a question' });
    expect(calls.some((c) => c.path.startsWith('/api/v1/assessment/session/'))).toBe(false);
    await user.click(opener);
    const paper = await screen.findByRole('list', { name: 'Questions of this test' });
    const second = within(paper).getByRole('listitem', { name: 'Question 2' });
    expect(second).toHaveTextContent('What is 9 + 7?');
    await user.click(await within(second).findByRole('button', { name: 'Report a problem with question 2' }));
    await fileReport(user, 'The key should be 16.');
    expect(calls.filter((c) => c.path.endsWith('/reports')).map((c) => [c.path, c.body])).toEqual([
      [`/api/v1/evaluations/${evalId(2)}/reports`, { reason: 'wrong-key', note: 'The key should be 16.' }],
    ]);
  });
});
