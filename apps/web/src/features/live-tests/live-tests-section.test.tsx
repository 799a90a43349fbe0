import { RESULTS_BEING_CHECKED, type ScheduledTest, type ScheduledTestsData } from '@ai-tutor/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ExamsPage from '../../app/routes/exams';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';
import { DECLARATION } from '../exams/components/TestInstructions';

const ID = '5f0c2a6e-8d1b-4c3e-9a7f-2b6d4e8f1a3c';
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const localTime = (ms: number) =>
  new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

let now: number;
beforeEach(() => {
  now = Date.now();
  Object.defineProperty(document.documentElement, 'requestFullscreen', {
    value: vi.fn(() => Promise.resolve()),
    configurable: true,
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const liveTest = (overrides: Partial<ScheduledTest> = {}): ScheduledTest => ({
  id: ID,
  name: 'Sunday Live Test',
  exam: { name: 'JEE Main', slug: 'jee-main' },
  module: { name: 'Paper 1', slug: 'paper-1' },
  opensAt: iso(now - 10 * MIN),
  closesAt: iso(now + 50 * MIN),
  durationMinutes: 45,
  totalQuestions: 30,
  totalMarks: 120,
  markingScheme: {
    id: 'jee-main@1',
    name: 'jee-main',
    label: 'JEE Main: +4 correct, −1 wrong, 0 not answered',
  },
  status: 'live',
  resultsReady: false,
  resultsHeld: false,
  you: { state: 'not_started' },
  ...overrides,
});

const list = (parts: Partial<ScheduledTestsData>): ScheduledTestsData => ({
  upcoming: [],
  live: [],
  past: [],
  trend: [],
  serverTime: iso(now),
  ...parts,
});

/** Answers the list with each of `answers` in turn (the last one again after that). */
function serve(...answers: Array<() => ScheduledTestsData>) {
  let asked = 0;
  answerCalls((call) => {
    if (call.url.pathname === '/api/v1/scheduled-tests') {
      const answer = answers[Math.min(asked, answers.length - 1)]!;
      asked += 1;
      return { status: 200, body: { message: 'ok', data: answer() } };
    }
    if (call.url.pathname === '/api/v1/exams')
      return { status: 200, body: { message: 'ok', data: { exams: [], total: 0, page: 1, limit: 4 } } };
    return undefined;
  });
  return { asked: () => asked };
}

const open = () =>
  renderRoutes(
    [
      { path: '/exams', element: <ExamsPage /> },
      { path: '/quiz/exam/:examId/:type/:moduleId', element: <div>quiz screen</div> },
      { path: '/quiz/result/:slug', element: <div>result screen</div> },
    ],
    '/exams',
    testUser(),
  );

const group = async (name: string) => screen.findByRole('region', { name });

describe('/exams’ live tests (docs/product.md#live-tests)', () => {
  it('a live test starts through its instructions: Start stays disabled until the declaration is ticked', async () => {
    serve(() => list({ live: [liveTest()] }));
    const { router } = open();
    const live = await group('Live now');
    expect(within(live).getByText(/Closes in (49|50):\d\d/)).toBeInTheDocument();
    await userEvent.click(within(live).getByRole('button', { name: 'Start Sunday Live Test' }));

    const dialog = await screen.findByRole('dialog', { name: 'Enter Fullscreen Mode' });
    const instructions = within(dialog).getByRole('region', { name: 'Instructions' });
    expect(instructions).toHaveTextContent('Duration: 45 minutes');
    expect(instructions).toHaveTextContent(`This live test closes at ${localTime(now + 50 * MIN)}`);
    expect(instructions).toHaveTextContent('Questions: 30');
    expect(instructions).toHaveTextContent('Marking scheme: JEE Main: +4 correct, −1 wrong, 0 not answered');
    expect(within(instructions).getByRole('region', { name: 'Legend' })).toBeInTheDocument();
    const start = within(dialog).getByRole('button', { name: 'Start' });
    expect(start).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: DECLARATION }));
    await userEvent.click(start);

    expect(await screen.findByText('quiz screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quiz/exam/jee-main/module/paper-1');
    expect(router.state.location.search).toBe(`?live=${ID}`);
  });

  it('a running live test resumes without a second declaration', async () => {
    serve(() => list({ live: [liveTest({ you: { state: 'running', slug: 'sunday-1' } })] }));
    open();
    await userEvent.click(
      within(await group('Live now')).getByRole('button', { name: 'Resume Sunday Live Test' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enter Fullscreen' }));
    expect(await screen.findByText('quiz screen')).toBeInTheDocument();
  });

  it('an upcoming test counts down, and is offered to start once it opens', async () => {
    const opensAt = now + 2000;
    const upcoming = liveTest({
      status: 'upcoming',
      opensAt: iso(opensAt),
      closesAt: iso(opensAt + 60 * MIN),
    });
    const api = serve(
      () => list({ upcoming: [upcoming] }),
      () => list({ live: [{ ...upcoming, status: 'live' }], serverTime: iso(Date.now()) }),
    );
    open();
    const soon = await group('Upcoming');
    expect(within(soon).getByText(/^00:0[12]$/)).toBeInTheDocument();
    expect(soon).toHaveTextContent(/Opens in 00:0[12]/);
    const live = await screen.findByRole('region', { name: 'Live now' }, { timeout: 4000 });
    expect(within(live).getByRole('button', { name: 'Start Sunday Live Test' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Upcoming' })).not.toBeInTheDocument();
    expect(api.asked()).toBe(2);
  });

  it('shows what the learner did: submitted (results open at), ranked (rank and percentile), not taken', async () => {
    const closesAt = now + 50 * MIN;
    serve(() =>
      list({
        live: [liveTest({ closesAt: iso(closesAt), you: { state: 'submitted', slug: 'sunday-1' } })],
        past: [
          liveTest({
            id: 'p1',
            name: 'Mock 7',
            status: 'closed',
            resultsReady: true,
            closesAt: iso(now - 3 * 24 * 60 * MIN),
            you: {
              state: 'ranked',
              slug: 'mock-7-1',
              rank: 3,
              takers: 40,
              percentile: 95,
              percentileText: '95.00',
              score: 100,
              maxScore: 120,
            },
          }),
          liveTest({
            id: 'p2',
            name: 'Mock 6',
            status: 'closed',
            resultsReady: true,
            closesAt: iso(now - 9 * 24 * 60 * MIN),
          }),
        ],
      }),
    );
    open();
    const live = await group('Live now');
    expect(live).toHaveTextContent(`Submitted — results open at ${localTime(closesAt)}`);
    expect(within(live).queryByRole('button')).not.toBeInTheDocument();

    const past = screen.getByRole('region', { name: 'Past' });
    const mock7 = within(past).getByRole('listitem', { name: 'Mock 7' });
    expect(mock7).toHaveTextContent('Rank 3 of 40 · Percentile 95.00');
    expect(within(mock7).getByRole('link', { name: 'View the result of Mock 7' })).toHaveAttribute(
      'href',
      '/quiz/result/mock-7-1',
    );
    expect(within(past).getByRole('listitem', { name: 'Mock 6' })).toHaveTextContent('Not taken');
  });

  it('a test taken and closed but not ranked yet says so, and is asked for again until it shows the rank', async () => {
    const closed = liveTest({
      status: 'closed',
      closesAt: iso(now - 19_000),
      you: { state: 'submitted', slug: 's1' },
    });
    const ranked = {
      ...closed,
      resultsReady: true,
      you: {
        state: 'ranked' as const,
        slug: 's1',
        rank: 1,
        takers: 2,
        percentile: 100,
        percentileText: '100.00',
        score: 4,
        maxScore: 12,
      },
    };
    const api = serve(
      () => list({ past: [closed] }),
      () => list({ past: [ranked] }),
    );
    open();
    const past = await group('Past');
    expect(past).toHaveTextContent('The ranking is being computed');
    // The ranking is due 20 s after the close: asked for again then (here a second from now).
    expect(await within(past).findByText(/^Rank/, {}, { timeout: 3000 })).toHaveTextContent(
      'Rank 1 of 2 · Percentile 100.00',
    );
    expect(api.asked()).toBe(2);
  });

  it('a test whose results are held for checking says so, and is not asked for again', async () => {
    const held = liveTest({
      status: 'closed',
      closesAt: iso(now - 19_000),
      resultsHeld: true,
      you: { state: 'submitted', slug: 's1' },
    });
    const api = serve(() => list({ past: [held] }));
    open();
    const past = await group('Past');
    expect(past).toHaveTextContent(RESULTS_BEING_CHECKED);
    expect(past).not.toHaveTextContent('The ranking is being computed');
    // A ranking would be due a second from now; a held one is not waited for.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(api.asked()).toBe(1);
  });

  it('a test held for checking, submitted while open, says its results come after checking, not at the close', async () => {
    serve(() => list({ live: [liveTest({ resultsHeld: true, you: { state: 'submitted', slug: 's1' } })] }));
    open();
    const live = await group('Live now');
    expect(live).toHaveTextContent(RESULTS_BEING_CHECKED);
    expect(live).not.toHaveTextContent('results open at');
  });

  it('shows nothing when no live test is scheduled', async () => {
    const api = serve(() => list({}));
    open();
    await vi.waitFor(() => expect(api.asked()).toBe(1));
    expect(screen.queryByRole('heading', { name: 'Live tests' })).not.toBeInTheDocument();
  });
});
