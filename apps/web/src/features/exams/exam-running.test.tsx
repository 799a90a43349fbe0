import type { RunningAttempt } from '@ai-tutor/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ExamPage from '../../app/routes/exam';
import { renderRoutes, testUser } from '../../test/render';
import { DECLARATION } from './components/TestInstructions';
import { jee, mockApi, ok, records } from './test-api';

const routes = [
  { path: '/exams/:id', element: <ExamPage /> },
  { path: '/quiz/exam/:examId/:type/:moduleId/:subjectId?/:topicId?', element: <div>quiz screen</div> },
];

beforeEach(() => {
  // The browser's clock stands still unless a test moves it: on a busy machine the real one ran on past
  // 12:04 between two looks, or below 12:00 before the dialog opened.
  vi.useFakeTimers({ toFake: ['Date'] });
  Object.defineProperty(document.documentElement, 'requestFullscreen', {
    value: vi.fn(() => Promise.resolve()),
    configurable: true,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const SERVER_NOW = Date.parse('2026-03-01T10:00:00.000Z');
/** The mock test of Paper 1, running with 12 min 5 s left by the server's clock (the browser's is off). */
const running: RunningAttempt = {
  slug: 'paper-1-mock-1',
  quizType: 'module',
  examSlug: 'jee-main-practice',
  moduleSlug: 'jee-main-paper-1',
  subjectSlug: null,
  topicSlug: null,
  sessionName: 'Paper 1 Mock Test · 1 Mar 2026, 09:50',
  mode: 'timed',
  timed: true,
  deadline: new Date(SERVER_NOW + (12 * 60 + 5) * 1000).toISOString(),
  serverTime: new Date(SERVER_NOW).toISOString(),
  answeredQuestion: 7,
  totalQuestions: 60,
};

function api() {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/exams/jee-main-practice') return ok(jee);
    if (url.pathname === '/api/v1/user-records') return ok({ data: records });
    if (url.pathname === '/api/v1/assessment/running') return ok({ attempts: [running] });
    return undefined;
  });
}
const open = () => renderRoutes(routes, '/exams/jee-main-practice', testUser());

describe('a running attempt on the exam page (docs/product.md#running-attempts)', () => {
  it('says "Resume — mm:ss left" by the server’s clock, ticking down', async () => {
    // The browser's clock stands still until the test moves it by one second: on a busy machine a real
    // second between two looks could also be two, and 12:04 would never be seen.
    vi.useFakeTimers({ toFake: ['Date'] });
    api();
    open();
    const tests = await screen.findByRole('region', { name: 'Tests in progress' });
    expect(within(tests).getByText(running.sessionName)).toBeInTheDocument();
    expect(within(tests).getByRole('button', { name: 'Resume — 12:05 left' })).toBeInTheDocument();
    vi.setSystemTime(Date.now() + 1000);
    expect(
      await within(tests).findByRole('button', { name: 'Resume — 12:04 left' }, { timeout: 2500 }),
    ).toBeInTheDocument();
  });

  it('the scope’s start button offers to resume it, opening the same quiz route', async () => {
    api();
    const { router } = open();
    await screen.findByRole('region', { name: 'Tests in progress' });
    await userEvent.click(screen.getByRole('button', { name: 'Start Mock Test' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: /^Resume — 12:0\d left$/ })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /^Resume — / }));
    expect(await screen.findByText('quiz screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quiz/exam/jee-main-practice/module/jee-main-paper-1');
    expect(router.state.location.state).toBeNull();
  });

  it('"Start afresh" is the explicit second choice: the quiz screen is told to replace the attempt shown', async () => {
    api();
    const { router } = open();
    const tests = await screen.findByRole('region', { name: 'Tests in progress' });
    await userEvent.click(within(tests).getByRole('button', { name: /^Resume — / }));
    const dialog = await screen.findByRole('dialog');
    // Resuming needs no declaration; a new mock test does.
    expect(within(dialog).getByRole('button', { name: /^Resume — / })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Start afresh' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: DECLARATION }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start afresh' }));
    expect(await screen.findByText('quiz screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quiz/exam/jee-main-practice/module/jee-main-paper-1');
    expect(router.state.location.state).toEqual({ startAfresh: true, replaces: running.slug });
  });

  it('a subject with nothing running starts as before', async () => {
    api();
    open();
    await screen.findByRole('region', { name: 'Tests in progress' });
    const physics = screen.getByRole('region', { name: 'Physics' });
    await userEvent.click(within(physics).getAllByRole('button', { name: /^Start/ })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Enter Fullscreen' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Start afresh' })).not.toBeInTheDocument();
  });
});
