import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubScreenWidth } from '../../../test/screen-width';
import { quizStateStorageKey } from '../lib/local-state';
import { renderPage, testUser } from '../../../test/render';
import { QuizScreen } from './QuizScreen';
import {
  defaultEvaluations,
  evalId,
  fail,
  makeAssessment,
  makeEvaluation,
  mockServer,
  ok,
  QUIZ_PATH,
  QUIZ_ROUTE,
  renderQuiz,
  T0,
} from './quiz-test-kit';

// A laptop: the palette beside the question (a phone's bottom sheet: QuizPhone.test.tsx).
beforeEach(() => stubScreenWidth(1280));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const summaryValue = (label: string) =>
  within(screen.getByTestId(`summary-${label}`)).getByRole('definition').textContent;

const palette = () => screen.getByRole('group', { name: /questions$/ });
/** The one clock, in the top bar. */
const timer = () => screen.getByRole('timer');

describe('quiz screen: start and layout', () => {
  it('creates the assessment from the route and shows everything docs/product.md#quiz-screen lists', async () => {
    const server = mockServer();
    renderQuiz({ now: () => T0 });

    expect(await screen.findByRole('heading', { name: 'Question - 1' })).toBeInTheDocument();
    expect(server.of('POST', '/api/v1/assessment')[0]?.body).toEqual({
      examSlug: 'jee-main',
      quizType: 'subject',
      moduleSlug: 'physics-module',
      subjectSlug: 'mechanics',
      type: 'quiz',
    });

    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Exams' })).toHaveAttribute('href', '/exams');
    expect(within(crumbs).getByRole('link', { name: 'JEE Main' })).toHaveAttribute('href', '/exams/jee-main');
    expect(within(crumbs).getByText('Physics - Mechanics')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Quiz' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByText('Question text 1')).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mark for Review' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Save & Next' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Clear Response' })).toBeDisabled();

    expect(screen.getByText('Time Remaining')).toBeInTheDocument();
    expect(timer()).toHaveTextContent('30:00');
    expect(screen.getByRole('tab', { name: 'Mechanics (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'General (1)' })).toBeInTheDocument();
    expect(within(palette()).getAllByRole('button')).toHaveLength(3);
    for (const label of [
      'Not Answered',
      'Answered',
      'Marked for Review',
      'Answered & Marked for Review',
      'Current Question',
    ]) {
      expect(within(screen.getByRole('region', { name: 'Legend' })).getByText(label)).toBeInTheDocument();
    }
    expect(summaryValue('Total Questions')).toBe('4');
    expect(summaryValue('Not Answered')).toBe('4');
    expect(screen.getByRole('status', { name: '' })).toBeDefined();
    expect(screen.getByText('All answers saved')).toBeInTheDocument();
  });

  it('creates one assessment only, even with React’s doubled effects in StrictMode', async () => {
    const server = mockServer();
    renderPage(
      <StrictMode>
        <QuizScreen now={() => T0} />
      </StrictMode>,
      { route: QUIZ_ROUTE, path: QUIZ_PATH, user: testUser() },
    );
    await screen.findByRole('heading', { name: 'Question - 1' });
    expect(server.of('POST', '/api/v1/assessment')).toHaveLength(1);
  });

  it('keeps the one clock in the top bar beside Submit, not in the palette', async () => {
    mockServer();
    renderQuiz({ now: () => T0 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    const bar = screen.getByTestId('quiz-top-bar');
    expect(within(bar).getByRole('timer')).toHaveTextContent('30:00');
    expect(within(bar).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Question palette' });
    expect(within(panel).queryByRole('timer')).toBeNull();
    expect(screen.getAllByText('Time Remaining')).toHaveLength(1);
  });

  it('a failed creation toasts "Failed to create assessment" and goes back to /exams', async () => {
    mockServer({
      handle: (c) =>
        c.method === 'POST' && c.path === '/api/v1/assessment' ? fail(409, 'No questions') : undefined,
    });
    const { router } = renderQuiz({ now: () => T0 });
    expect(await screen.findByText('Failed to create assessment')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/exams'));
  });

  it('renders LaTeX with KaTeX and shows a four-row Answer box for a question without options', async () => {
    mockServer();
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('tab', { name: 'General (1)' }));
    await user.click(screen.getByRole('button', { name: /^Question 4,/ }));
    const box = screen.getByRole('textbox', { name: 'Answer' });
    expect(box).toHaveAttribute('rows', '4');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(document.querySelector('#question-text .katex')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});

describe('palette states and summary counts', () => {
  it('tells each state in the accessible name and by shape, and counts the summary', async () => {
    mockServer({
      evaluations: [
        makeEvaluation(1),
        makeEvaluation(2, { userAnswer: 'Option 2A', status: 'answered' }),
        makeEvaluation(3, { markedForReview: true }),
        makeEvaluation(4, { userAnswer: 'Option 4B', status: 'answered', markedForReview: true }),
        makeEvaluation(5),
      ],
    });
    renderQuiz({ now: () => T0 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    const names = [
      'Question 1, not answered, current question',
      'Question 2, answered',
      'Question 3, not answered, marked for review',
      'Question 4, answered, marked for review',
      'Question 5, not answered',
    ];
    const buttons = names.map((name) => within(palette()).getByRole('button', { name }));
    expect(within(palette()).getAllByRole('button')).toEqual(buttons);
    expect(buttons[0]).toHaveAttribute('aria-current', 'step');
    // Shape as well as colour: a tick badge for answered, a flag badge for marked.
    expect(buttons[1]!.querySelectorAll('[data-testid="CheckIcon"]')).toHaveLength(1);
    expect(buttons[2]!.querySelectorAll('[data-testid="FlagIcon"]')).toHaveLength(1);
    expect(buttons[3]!.querySelectorAll('[data-testid="CheckIcon"], [data-testid="FlagIcon"]')).toHaveLength(
      2,
    );
    expect(buttons[4]!.querySelectorAll('svg')).toHaveLength(0);

    expect(summaryValue('Total Questions')).toBe('5');
    expect(summaryValue('Answered')).toBe('2');
    expect(summaryValue('Marked for Review')).toBe('2');
    expect(summaryValue('Not Answered')).toBe('3');
  });

  it('jumps with a click and moves focus with the arrow keys', async () => {
    mockServer();
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('button', { name: 'Question 3, not answered' }));
    expect(screen.getByRole('heading', { name: 'Question - 3' })).toBeInTheDocument();
    const first = screen.getByRole('button', { name: 'Question 1, not answered' });
    act(() => first.focus());
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Question 2, not answered' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Question - 2' })).toBeInTheDocument();
  });
});

describe('saving rules (docs/product.md#saving-answers)', () => {
  it('an empty answer only moves on, with no call', async () => {
    const server = mockServer();
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    expect(screen.getByRole('heading', { name: 'Question - 2' })).toBeInTheDocument();
    expect(server.saves()).toHaveLength(0);
  });

  it('a non-empty answer is sent, marked answered, stored locally, and the screen advances', async () => {
    const server = mockServer();
    const user = userEvent.setup();
    let clock = T0;
    renderQuiz({ now: () => clock });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('radio', { name: 'Option 1B' }));
    clock += 42_000;
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));

    expect(screen.getByRole('heading', { name: 'Question - 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();
    expect(summaryValue('Answered')).toBe('1');
    const stored = JSON.parse(localStorage.getItem(quizStateStorageKey('a1'))!);
    expect(stored.questions[0].evaluation.userAnswer).toBe('Option 1B');
    expect(stored).toMatchObject({ currentIndex: 1, sessionCompleted: false, totalTime: 30 });
    expect(stored.createdAt).toEqual(expect.any(String));
    expect(stored.lastUpdated).toEqual(expect.any(String));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]!.body).toEqual({
      evaluationId: evalId(1),
      userAnswer: 'Option 1B',
      timeSpentSeconds: 42,
      // The save's place in the learner's order: its time on the server's clock.
      sequence: expect.any(Number),
    });
    await waitFor(() => expect(screen.getByText('All answers saved')).toBeInTheDocument());
  });

  it('reads Save on the last question and stays there after saving', async () => {
    const server = mockServer();
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('tab', { name: 'General (1)' }));
    await user.click(screen.getByRole('button', { name: /^Question 4,/ }));
    expect(screen.queryByRole('button', { name: 'Save & Next' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), '9.8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('heading', { name: 'Question - 4' })).toBeInTheDocument();
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]!.body).toMatchObject({ evaluationId: evalId(4), userAnswer: '9.8' });
  });

  it('Mark for Review toggles and is saved; Clear Response takes a saved answer back', async () => {
    const server = mockServer();
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('button', { name: 'Mark for Review' }));
    expect(screen.getByRole('button', { name: 'Mark for Review' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByRole('button', { name: 'Question 1, not answered, marked for review, current question' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Option 1A' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await user.click(screen.getByRole('button', { name: 'Clear Response' }));
    expect(screen.getByRole('radio', { name: 'Option 1A' })).not.toBeChecked();
    expect(summaryValue('Answered')).toBe('0');
    await waitFor(() => expect(server.saves()).toHaveLength(3));
    expect(server.saves().map((c) => c.body)).toEqual([
      expect.objectContaining({ evaluationId: evalId(1), markedForReview: true }),
      expect.objectContaining({ evaluationId: evalId(1), userAnswer: 'Option 1A' }),
      expect.objectContaining({ evaluationId: evalId(1), userAnswer: '' }),
    ]);
  });
});

describe('never lose an answer', () => {
  it('queues to localStorage, says it is offline, and retries after a failed fetch', async () => {
    let online = false;
    const server = mockServer({
      handle: (c) => (c.path === '/api/v1/evaluations' && !online ? 'network-error' : undefined),
    });
    const user = userEvent.setup();
    renderQuiz({ now: () => T0, retryBaseMs: 40 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('radio', { name: 'Option 1C' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await user.click(screen.getByRole('radio', { name: 'Option 2D' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));

    expect(await screen.findByText('Offline — 2 answers waiting')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(quizStateStorageKey('a1'))!);
    expect(
      stored.pending.map((p: { evaluationId: string; userAnswer: string }) => [p.evaluationId, p.userAnswer]),
    ).toEqual([
      [evalId(1), 'Option 1C'],
      [evalId(2), 'Option 2D'],
    ]);
    const failedTries = server.saves().length;
    // However loaded the machine, the next try is at most 30 × 40 ms after the last.
    await waitFor(() => expect(server.saves().length).toBeGreaterThan(failedTries));

    online = true;
    await waitFor(() => expect(screen.getByText('All answers saved')).toBeInTheDocument());
    const delivered = server
      .saves()
      .slice(-2)
      .map((c) => (c.body as { userAnswer: string }).userAnswer);
    expect(delivered).toEqual(['Option 1C', 'Option 2D']);
    expect(JSON.parse(localStorage.getItem(quizStateStorageKey('a1'))!).pending).toEqual([]);
  });

  it('a server error on save is not called offline: error toast, the answer kept and sent again', async () => {
    let failing = true;
    const server = mockServer({
      handle: (c) =>
        c.path === '/api/v1/evaluations' && failing
          ? {
              status: 500,
              body: { message: 'Something went wrong on our side. Please try again.', data: null },
            }
          : undefined,
    });
    const user = userEvent.setup();
    renderQuiz({ now: () => T0, retryBaseMs: 40 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('radio', { name: 'Option 1B' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));

    expect(await screen.findByText('Not saved yet, retrying — 1 answer waiting')).toBeInTheDocument();
    expect(screen.queryByText(/Offline/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Connection lost/)).not.toBeInTheDocument();
    expect(await screen.findByText(/could not be saved: the server had a problem/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(quizStateStorageKey('a1'))!).pending).toEqual([
      expect.objectContaining({ evaluationId: evalId(1), userAnswer: 'Option 1B' }),
    ]);
    const failedTries = server.saves().length;
    // However loaded the machine, the next try is at most 30 × 40 ms after the last.
    await waitFor(() => expect(server.saves().length).toBeGreaterThan(failedTries));

    failing = false;
    await waitFor(() => expect(screen.getByText('All answers saved')).toBeInTheDocument());
    expect(server.saves().at(-1)!.body).toMatchObject({ evaluationId: evalId(1), userAnswer: 'Option 1B' });
  });

  it('merges saves of the same question waiting in the queue', async () => {
    let online = false;
    const server = mockServer({
      handle: (c) => (c.path === '/api/v1/evaluations' && !online ? 'network-error' : undefined),
    });
    const user = userEvent.setup();
    renderQuiz({ now: () => T0, retryBaseMs: 60_000 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('radio', { name: 'Option 1A' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await screen.findByText('Offline — 1 answer waiting');
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await user.click(screen.getByRole('radio', { name: 'Option 1D' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await user.click(screen.getByRole('button', { name: 'Mark for Review' }));
    const pending = JSON.parse(localStorage.getItem(quizStateStorageKey('a1'))!).pending;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      evaluationId: evalId(1),
      userAnswer: 'Option 1D',
      markedForReview: true,
    });
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByText('All answers saved')).toBeInTheDocument());
    expect(server.saves().at(-1)!.body).toMatchObject({ userAnswer: 'Option 1D', markedForReview: true });
  });

  it('after a reload finds the same session again, keeps every answer and its place, and resends the queue', async () => {
    let online = false;
    let clock = T0;
    const server = mockServer({
      handle: (c) => (c.path === '/api/v1/evaluations' && !online ? 'network-error' : undefined),
      serverNow: () => clock,
    });
    const user = userEvent.setup();
    const first = renderQuiz({ now: () => clock, retryBaseMs: 60_000 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('radio', { name: 'Option 1B' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await user.click(screen.getByRole('radio', { name: 'Option 2C' })); // typed, not saved yet
    await screen.findByText('Offline — 1 answer waiting');
    first.unmount();

    online = true;
    clock = T0 + 60_000;
    renderQuiz({ now: () => clock, retryBaseMs: 60_000 });
    expect(await screen.findByRole('heading', { name: 'Question - 2' })).toBeInTheDocument();
    expect(server.of('POST', '/api/v1/assessment')).toHaveLength(1);
    expect(server.of('GET', '/api/v1/assessment/session/mechanics-quiz-1')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Option 2C' })).toBeChecked();
    expect(screen.getByText(/Not saved yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('All answers saved')).toBeInTheDocument());
    expect(server.saves().at(-1)!.body).toMatchObject({ evaluationId: evalId(1), userAnswer: 'Option 1B' });
    expect(timer()).toHaveTextContent('29:00');
  });

  it('a 409 on a save, with the server confirming the session is over, goes to the result', async () => {
    mockServer({
      handle: (c) => {
        if (c.path === '/api/v1/evaluations') return fail(409, 'This session has been submitted');
        if (c.method === 'GET') {
          return ok({
            assessment: makeAssessment({ sessionCompleted: true }),
            evaluation: defaultEvaluations(),
          });
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    const { router } = renderQuiz({ now: () => T0 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('radio', { name: 'Option 1A' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quiz/result/mechanics-quiz-1'));
    expect(JSON.parse(localStorage.getItem(quizStateStorageKey('a1'))!).sessionCompleted).toBe(true);
  });

  it('a 409 while the session still runs is retried, not taken for the end', async () => {
    let conflicts = 1;
    const server = mockServer({
      handle: (c) =>
        c.path === '/api/v1/evaluations' && conflicts-- > 0 ? fail(409, 'Please try again') : undefined,
    });
    const user = userEvent.setup();
    const { router } = renderQuiz({ now: () => T0, retryBaseMs: 20 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('radio', { name: 'Option 1A' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await waitFor(() => expect(screen.getByText('All answers saved')).toBeInTheDocument());
    expect(server.saves()).toHaveLength(2);
    expect(router.state.location.pathname).toMatch(/^\/quiz\/exam\//);
  });
});

describe('submitting', () => {
  it('confirms, flushes the queue, submits and replaces the history entry with the result', async () => {
    const server = mockServer();
    const user = userEvent.setup();
    const { router } = renderQuiz({ now: () => T0 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('radio', { name: 'Option 1A' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to submit the exam?' });
    expect(
      within(dialog).getByText('You will not be able to make any further changes after submission.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No, Go Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quiz/result/mechanics-quiz-1'));
    const order = server.calls.map((c) => `${c.method} ${c.path}`);
    expect(order.indexOf('POST /api/v1/evaluations')).toBeLessThan(
      order.indexOf('POST /api/v1/assessment/mechanics-quiz-1/submit'),
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('does not submit while answers cannot be sent, and says so', async () => {
    const server = mockServer({
      handle: (c) => (c.path === '/api/v1/evaluations' ? 'network-error' : undefined),
    });
    const user = userEvent.setup();
    const { router } = renderQuiz({ now: () => T0, retryBaseMs: 60_000 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('radio', { name: 'Option 1A' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Submit' }));
    expect(await screen.findByText(/Submit again once you are back online/)).toBeInTheDocument();
    expect(server.of('POST', /\/submit$/)).toHaveLength(0);
    expect(router.state.location.pathname).toMatch(/^\/quiz\/exam\//);
  });
});

describe('time from the server', () => {
  it('counts down from the deadline corrected by the server clock offset', async () => {
    // The browser's clock is 7 minutes behind the server's: the test must still show 30:00, not 37:00.
    const browserNow = T0 - 7 * 60_000;
    mockServer();
    renderQuiz({ now: () => browserNow });
    await screen.findByRole('heading', { name: 'Question - 1' });
    expect(timer()).toHaveTextContent('30:00');
  });

  it('follows each save’s serverTime', async () => {
    let serverClock = T0;
    mockServer({ serverNow: () => serverClock });
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    serverClock = T0 + 5 * 60_000; // the browser's clock stood still; the server says 5 minutes went by
    await user.click(screen.getByRole('radio', { name: 'Option 1A' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await waitFor(() => expect(timer()).toHaveTextContent('25:00'));
  });

  it('is recomputed from the clock, announces 10 minutes left, and submits itself at zero', async () => {
    let clock = T0 + 19 * 60_000 + 58_000; // 10:02 left
    const server = mockServer({ serverNow: () => clock });
    const { router } = renderQuiz({ now: () => clock });
    await screen.findByRole('heading', { name: 'Question - 1' });
    expect(timer()).toHaveTextContent('10:02');
    expect(screen.getByTestId('timer-announcer')).toHaveTextContent('');
    clock += 3000; // a jump, as after a sleeping laptop: nothing is counted down by hand
    await waitFor(() => expect(timer()).toHaveTextContent('9:59'));
    expect(screen.getByTestId('timer-announcer')).toHaveTextContent('10 minutes remaining');
    clock = T0 + 30 * 60_000;
    await waitFor(() => expect(router.state.location.pathname).toBe('/quiz/result/mechanics-quiz-1'), {
      timeout: 3000,
    });
    expect(server.of('POST', '/api/v1/assessment/mechanics-quiz-1/submit')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The learner did not press Submit: they are told why the test ended.
    expect(screen.getByText('Time ran out: your test was submitted automatically.')).toBeInTheDocument();
  });
});

describe('resuming an ended session', () => {
  it('goes to the result when the session completed while the learner was away', async () => {
    const server = mockServer({ assessment: makeAssessment({ sessionCompleted: true }) });
    localStorage.setItem(
      'quiz-active:u1:jee-main/subject/physics-module/mechanics/',
      JSON.stringify({ assessmentId: 'a1', slug: 'mechanics-quiz-1', path: '/x' }),
    );
    localStorage.setItem(
      quizStateStorageKey('a1'),
      JSON.stringify({
        version: 1,
        assessment: makeAssessment(),
        questions: defaultEvaluations().map((evaluation) => ({ evaluation, draft: null, unsentMs: 0 })),
        currentIndex: 0,
        lastUpdated: '',
        createdAt: '',
        sessionCompleted: false,
        totalTime: 30,
        pending: [],
        clockOffsetMs: 0,
      }),
    );
    const { router } = renderQuiz({ now: () => T0 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/quiz/result/mechanics-quiz-1'));
    expect(server.of('POST', '/api/v1/assessment')).toHaveLength(0);
  });

  it('a stale pointer (404) starts a new test', async () => {
    const server = mockServer({ handle: (c) => (c.method === 'GET' ? fail(404) : undefined) });
    localStorage.setItem(
      'quiz-active:u1:jee-main/subject/physics-module/mechanics/',
      JSON.stringify({ assessmentId: 'old', slug: 'old', path: '/x' }),
    );
    renderQuiz({ now: () => T0 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    expect(server.of('POST', '/api/v1/assessment')).toHaveLength(1);
  });
});
