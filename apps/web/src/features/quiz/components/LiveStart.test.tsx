import { liveTestMessages } from '@ai-tutor/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, testUser } from '../../../test/render';
import { QuizScreen } from './QuizScreen';
import { fail, mockServer, QUIZ_ROUTE, renderQuiz, T0 } from './quiz-test-kit';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const LIVE_ID = '5f0c2a6e-8d1b-4c3e-9a7f-2b6d4e8f1a3c';
const LIVE_PATH = `/quiz/exam/jee-main/module/physics-module?live=${LIVE_ID}`;

describe('a live test’s quiz route (docs/product.md#live-tests)', () => {
  it('starts the scheduled test: the module’s start body names it', async () => {
    const server = mockServer();
    renderQuiz({ now: () => T0 }, LIVE_PATH);
    expect(await screen.findByRole('heading', { name: 'Question - 1' })).toBeInTheDocument();
    const starts = server.of('POST', '/api/v1/assessment');
    expect(starts).toHaveLength(1);
    expect(starts[0]?.body).toMatchObject({
      examSlug: 'jee-main',
      quizType: 'module',
      moduleSlug: 'physics-module',
      scheduledTestId: LIVE_ID,
    });
  });

  it('a refused start says the server’s reason (already taken, not open yet) and goes back to /exams', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockServer({
      handle: (call) =>
        call.method === 'POST' && call.path === '/api/v1/assessment'
          ? fail(409, liveTestMessages.alreadyTaken)
          : undefined,
    });
    const { router } = renderRoutes(
      [
        { path: '/exams', element: <div>exams list</div> },
        { path: QUIZ_ROUTE, element: <QuizScreen now={() => T0} /> },
      ],
      LIVE_PATH,
      testUser(),
    );
    expect(await screen.findByText(liveTestMessages.alreadyTaken)).toBeInTheDocument();
    expect(await screen.findByText('exams list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/exams');
  });
});
