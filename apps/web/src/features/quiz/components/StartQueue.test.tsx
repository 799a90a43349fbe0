import { quizMessages, uiTexts } from '@ai-tutor/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, testUser } from '../../../test/render';
import { QuizScreen } from './QuizScreen';
import { mockServer, QUIZ_PATH, QUIZ_ROUTE, renderQuiz, T0 } from './quiz-test-kit';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const busy = (retryAfter: string) => ({
  status: 503,
  body: { message: quizMessages.startBusy(Number(retryAfter)), data: null },
  headers: { 'retry-after': retryAfter },
});

describe('exam-day queue (docs/product.md#exam-day-start-queue)', () => {
  it('a 503 start waits Retry-After in the queue, says so, and goes on when the server takes it', async () => {
    let clock = T0;
    const waits: number[] = [];
    let release: () => void = () => undefined;
    const sleep = (ms: number) => {
      waits.push(ms);
      clock += ms;
      return new Promise<void>((resolve) => (release = resolve));
    };
    let starts = 0;
    const server = mockServer({
      handle: (call) => {
        if (call.method !== 'POST' || call.path !== '/api/v1/assessment') return undefined;
        starts += 1;
        return starts === 1 ? busy('3') : undefined;
      },
    });
    renderQuiz({ now: () => clock, sleep });

    expect(await screen.findByText(quizMessages.startQueued)).toBeInTheDocument();
    expect(waits).toEqual([3000]);
    release();
    expect(await screen.findByRole('heading', { name: 'Question - 1' })).toBeInTheDocument();
    expect(server.of('POST', '/api/v1/assessment')).toHaveLength(2);
  });

  it('waits at least a second, and after a minute in the queue shows the failure toast', async () => {
    let clock = T0;
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      clock += ms;
    };
    mockServer({
      handle: (call) =>
        call.method === 'POST' && call.path === '/api/v1/assessment' ? busy('0') : undefined,
    });
    renderQuiz({ now: () => clock, sleep });

    expect(await screen.findByText(uiTexts.failedToCreateAssessment)).toBeInTheDocument();
    expect(waits.every((ms) => ms === 1000)).toBe(true);
    expect(waits.reduce((a, b) => a + b, 0)).toBe(60_000);
  });
});

describe('starting afresh (docs/product.md#running-attempts)', () => {
  it('sends startAfresh with the attempt it replaces once, then forgets it so a reload resumes the new attempt', async () => {
    const server = mockServer();
    const { router } = renderRoutes(
      [
        { path: '/exams/jee-main', element: <div>exam page</div> },
        { path: QUIZ_ROUTE, element: <QuizScreen now={() => T0} /> },
      ],
      '/exams/jee-main',
      testUser(),
    );
    // As the start dialog's "Start afresh" does.
    await router.navigate(QUIZ_PATH, { state: { startAfresh: true, replaces: 'shown-attempt' } });

    expect(await screen.findByRole('heading', { name: 'Question - 1' })).toBeInTheDocument();
    const starts = server.of('POST', '/api/v1/assessment');
    expect(starts).toHaveLength(1);
    // The server ends only that attempt: racing requests (a double click, two tabs) make one new one.
    expect(starts[0]?.body).toMatchObject({
      quizType: 'subject',
      startAfresh: true,
      replaces: 'shown-attempt',
    });
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });
});
