import type { Evaluation } from '@ai-tutor/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubScreenWidth } from '../../../test/screen-width';
import { makeEvaluation, mockServer, renderQuiz, T0 } from './quiz-test-kit';
import { OTHER_TAB_TEXT } from './QuizRunner';

// A 360 px phone.
beforeEach(() => stubScreenWidth(360));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const physics = { id: 'p', name: 'Physics' };
/** A small JEE-style paper: two single-correct Physics questions, then a numerical one. */
const paper = (): Evaluation[] => [
  makeEvaluation(1, { baseQuestion: { ...makeEvaluation(1).baseQuestion, subject: physics } }),
  makeEvaluation(2, { baseQuestion: { ...makeEvaluation(2).baseQuestion, subject: physics } }),
  makeEvaluation(3, {
    baseQuestion: {
      questionText: 'How far, in metres?',
      options: [],
      subject: physics,
      questionType: 'numerical',
      passage: null,
    },
  }),
];
const heading = (n: number) => screen.findByRole('heading', { name: `Question - ${n}` });

describe('the test screen on a phone', () => {
  it('keeps the clock, the palette button and Submit in one top bar, and the palette in a bottom sheet', async () => {
    mockServer({ evaluations: paper() });
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });
    await heading(1);
    const bar = screen.getByTestId('quiz-top-bar');
    expect(within(bar).getByRole('timer', { name: 'Time Remaining' })).toHaveTextContent('30:00');
    expect(within(bar).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    // Not down the page: the palette's circles are only in the sheet.
    expect(screen.queryByRole('complementary', { name: 'Question palette' })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Question palette' }));
    const sheet = await screen.findByRole('dialog', { name: 'Question palette' });
    expect(within(sheet).getByRole('tablist', { name: 'Subjects' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: /^Question 3,/ }));
    await heading(3);
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Question palette' })).toBeNull());
  });

  it('shows each question’s section and marks, and one row of actions', async () => {
    mockServer({ evaluations: paper() });
    renderQuiz({ now: () => T0 });
    await heading(1);
    expect(screen.getByText('Physics · Section A (Single correct)')).toBeInTheDocument();
    const marks = screen.getByLabelText(/^Marks: 4 for a correct answer, -1 for a wrong one/);
    expect(marks).toHaveTextContent('+4 / −1');
    const actions = screen.getByTestId('quiz-action-bar');
    for (const name of ['Prev', 'Mark for Review', 'Clear Response', 'Save & Next'])
      expect(within(actions).getByRole('button', { name })).toBeInTheDocument();
  });

  it('ignores the second tap of a double tap on Save & Next instead of skipping a question', async () => {
    const server = mockServer({ evaluations: paper() });
    renderQuiz({ now: () => T0 });
    await heading(1);
    fireEvent.click(screen.getByRole('radio', { name: 'Option 1B' }));
    const save = () => screen.getByRole('button', { name: 'Save & Next' });
    // Two taps 100 ms apart: the second lands on question 2's Save & Next.
    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(10_000);
    fireEvent.click(save(), { detail: 1 });
    await heading(2);
    now.mockReturnValue(10_100);
    fireEvent.click(save(), { detail: 1 });
    expect(screen.getByRole('heading', { name: 'Question - 2' })).toBeInTheDocument();
    // A deliberate tap after the move has settled goes on.
    now.mockReturnValue(10_600);
    fireEvent.click(save(), { detail: 1 });
    await heading(3);
    await waitFor(() => expect(server.saves()).toHaveLength(1));
  });

  it('goes on after Save & Next, Mark, Save & Next in quick succession: not a double tap', async () => {
    mockServer({ evaluations: paper() });
    renderQuiz({ now: () => T0 });
    await heading(1);
    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Save & Next' }), { detail: 1 });
    await heading(2);
    now.mockReturnValue(10_150);
    fireEvent.click(screen.getByRole('button', { name: 'Mark for Review' }), { detail: 1 });
    expect(screen.getByRole('button', { name: 'Mark for Review' })).toHaveAttribute('aria-pressed', 'true');
    now.mockReturnValue(10_300);
    fireEvent.click(screen.getByRole('button', { name: 'Save & Next' }), { detail: 1 });
    await heading(3);
  });

  it('types numerical answers with the keypad, never the system keyboard', async () => {
    mockServer({ evaluations: paper() });
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });
    await heading(1);
    await user.click(screen.getByRole('button', { name: 'Question palette' }));
    await user.click(await screen.findByRole('button', { name: /^Question 3,/ }));
    await heading(3);
    expect(screen.getByText('Physics · Section B (Numerical value)')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Your answer (a number)' });
    expect(field).toHaveAttribute('inputmode', 'none');
    const keypad = screen.getByRole('group', { name: 'Keypad' });
    await user.click(within(keypad).getByRole('button', { name: '4' }));
    await user.click(within(keypad).getByRole('button', { name: '2' }));
    expect(field).toHaveValue('42');
  });

  it("shows NTA's summary per section before submitting", async () => {
    mockServer({ evaluations: paper() });
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });
    await heading(1);
    await user.click(screen.getByRole('radio', { name: 'Option 1A' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await heading(2);
    await user.click(screen.getByRole('button', { name: 'Mark for Review' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const table = await screen.findByRole('table', { name: 'Exam summary by section' });
    const rows = within(table).getAllByTestId('submit-summary-row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // Answered, Not Answered, Marked for Review, Answered & Marked, Not Visited.
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Physics · Section A (Single correct)');
    expect(cells(rows[0]!)).toEqual(['1', '0', '1', '0', '0']);
    expect(cells(rows[1]!)).toEqual(['0', '0', '0', '0', '1']);
    // The table scrolls sideways inside its own labelled area, not the page.
    expect(screen.getByRole('region', { name: 'Exam summary by section' })).toHaveStyle({
      overflowX: 'auto',
    });
  });

  it('asks before a link leaves the running test', async () => {
    mockServer({ evaluations: paper() });
    const user = userEvent.setup();
    const { router } = renderQuiz({ now: () => T0 });
    await heading(1);
    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    await user.click(within(crumbs).getByRole('link', { name: 'Exams' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the test?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay in the test' }));
    expect(router.state.location.pathname).toMatch(/^\/quiz\//);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(crumbs).getByRole('link', { name: 'Exams' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exams'));
  });

  it('asks the browser to confirm closing or reloading the tab', async () => {
    mockServer({ evaluations: paper() });
    renderQuiz({ now: () => T0 });
    await heading(1);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('says so when the same test is open in another tab', async () => {
    mockServer({ evaluations: paper() });
    renderQuiz({ now: () => T0 });
    await heading(1);
    expect(screen.queryByText(OTHER_TAB_TEXT)).toBeNull();
    const other = new BroadcastChannel('quiz-session-a1');
    await act(async () => {
      other.postMessage({ kind: 'hello', tab: 'another-tab' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByText(OTHER_TAB_TEXT)).toBeInTheDocument();
    other.close();
  });
});
