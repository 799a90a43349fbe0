import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { pieData, pieTooltip } from './AnswerDistributionChart';
import { ResultScreen } from './ResultScreen';
import {
  fail,
  makeAssessment,
  makeResultEvaluation,
  mockFetch,
  ok,
  question,
  resultEvaluations,
  stubResizeObserver,
  inTimeZone,
} from './results-test-kit';

const ROUTE = '/quiz/result/:assessmentId';
const PATH = '/quiz/result/mechanics-quiz-1';
const renderResult = () => renderPage(<ResultScreen />, { route: ROUTE, path: PATH, user: testUser() });

// A learner in India (UTC+5:30) reading a session named by a server on UTC.
let restoreZone = () => undefined as void;
beforeEach(() => {
  restoreZone = inTimeZone('Asia/Kolkata');
  stubResizeObserver();
});
afterEach(() => {
  restoreZone();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The page as on a narrow screen (every media query matches: below md) or a wide one. */
function stubMatchMedia(matches: boolean) {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches,
    media,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Test Analysis', () => {
  it('shows breadcrumbs, the session name and the Performance Summary from the server’s numbers', async () => {
    const calls = mockFetch(() =>
      ok({ assessment: makeAssessment(), evaluations: resultEvaluations(), corrections: [] }),
    );
    renderResult();
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Analysis' })).toBeInTheDocument();
    expect(calls[0]!.path).toBe('/api/v1/assessment/get-session/mechanics-quiz-1');
    // The server's name says 10:00 (its UTC clock); the learner reads their own time.
    expect(screen.getByText('Mechanics Quiz · 1 Mar 2026, 15:30')).toBeInTheDocument();

    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Exams' })).toHaveAttribute('href', '/exams');
    expect(within(crumbs).getByRole('link', { name: 'JEE Main' })).toHaveAttribute('href', '/exams/jee-main');
    expect(within(crumbs).getByText('Physics - Mechanics')).toBeInTheDocument();
    expect(within(crumbs).getByText('Result')).toBeInTheDocument();

    // The summary follows the title in a render of its own.
    expect(await screen.findByRole('heading', { name: 'Performance Summary' })).toBeInTheDocument();
    expect(tile('Score')).toBe('7 / 2429.2%');
    expect(screen.getByText('29.2%')).toBeInTheDocument();
    expect(tile('Correct')).toBe('3');
    expect(tile('Incorrect')).toBe('2');
    expect(tile('Not Attempted')).toBe('1');
    expect(tile('Time Taken')).toBe('1h 2m 3s');
  });

  it("reads '0ms' when the time taken is zero or negative, and 0.0% for a zero score", async () => {
    const start = makeAssessment().startTime;
    mockFetch(() =>
      ok({
        corrections: [],
        assessment: makeAssessment({ endTime: start, score: 0 }),
        evaluations: [makeResultEvaluation(1)],
      }),
    );
    renderResult();
    await screen.findByRole('heading', { name: 'Performance Summary' });
    expect(tile('Time Taken')).toBe('0ms');
    expect(screen.getByText('0.0%')).toBeInTheDocument();
  });

  it('labels the pie with counts and gives the share of all questions, one decimal, in the tooltip', async () => {
    mockFetch(() => ok({ assessment: makeAssessment(), evaluations: resultEvaluations(), corrections: [] }));
    renderResult();
    await screen.findByRole('heading', { name: 'Answer Distribution' });
    const d = { correct: 3, partial: 0, incorrect: 2, notAttempted: 1, total: 6 };
    expect(pieData(d).map((s) => [s.label, s.color])).toEqual([
      ['Correct (3)', '#2e7d32'],
      ['Incorrect (2)', '#c62828'],
      ['Not Attempted (1)', '#757575'],
    ]);
    expect(pieTooltip(d)({ value: 2 })).toBe('33.3%');
    expect(pieTooltip(d)({ value: 3 })).toBe('50.0%');
    expect(
      await screen.findByRole('img', {
        name: 'Answer distribution: 3 correct, 2 incorrect, 1 not attempted, of 6 questions.',
      }),
    ).toBeInTheDocument();
  });

  it('has a tab per subject with counts, first selected, and the table columns', async () => {
    const user = userEvent.setup();
    mockFetch(() => ok({ assessment: makeAssessment(), evaluations: resultEvaluations(), corrections: [] }));
    renderResult();
    expect(await screen.findByText('Click on any question to view explanation')).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Subjects' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Mechanics (4)', 'Optics (1)', 'General (1)']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const table = screen.getByRole('table', { name: 'Mechanics questions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Question', 'Your Answer', 'Correct Answer', 'Status', 'Details']);
    // A real table, its rows all there at once (no rows added frame by frame).
    expect(table.tagName).toBe('TABLE');
    const rows = within(table).getAllByTestId(/^question-row-/);
    expect(rows.map((r) => r.tagName)).toEqual(['TR', 'TR', 'TR', 'TR']);
    const row4 = screen.getByTestId('question-row-4');
    expect(within(row4).getByText('Not answered')).toBeInTheDocument();
    expect(within(row4).getByText('Not Attempted')).toBeInTheDocument();
    await user.click(tabs[2]!);
    expect(screen.getByRole('table', { name: 'General questions' })).toBeInTheDocument();
    expect(within(screen.getByTestId('question-row-6')).getByText('Correct')).toBeInTheDocument();
    // The keyboard: arrows move between the tabs, Enter selects.
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(screen.getByRole('tab', { name: 'Optics (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('table', { name: 'Optics questions' })).toBeInTheDocument();
  });

  it('row status is the server’s outcome, not a text comparison', async () => {
    mockFetch(() =>
      ok({
        corrections: [],
        assessment: makeAssessment(),
        evaluations: [
          // "3.50" vs "3.5": the server marked it correct, so is the row.
          makeResultEvaluation(1, {
            userAnswer: '3.50',
            baseAnswer: '3.5',
            status: 'answered',
            score: 4,
            outcome: 'Correct',
          }),
          // Same text, but the server marked it wrong (e.g. a corrected key): the row follows the server.
          makeResultEvaluation(2, {
            userAnswer: 'A',
            baseAnswer: 'A',
            status: 'answered',
            score: -1,
            outcome: 'Incorrect',
          }),
        ],
      }),
    );
    renderResult();
    expect(within(await screen.findByTestId('question-row-1')).getByText('Correct')).toBeInTheDocument();
    expect(within(screen.getByTestId('question-row-2')).getByText('Incorrect')).toBeInTheDocument();
  });

  it('shows partial marks of a multiple-correct question: its outcome, score / maxScore and every key option', async () => {
    mockFetch(() =>
      ok({
        corrections: [],
        assessment: makeAssessment({ score: 1, totalMarks: 4 }),
        evaluations: [
          makeResultEvaluation(1, {
            baseQuestion: question(
              'Which are vectors?',
              ['Force', 'Mass', 'Velocity', 'Time'],
              null,
              'multiple',
            ),
            userAnswer: ['Force'],
            status: 'answered',
            baseAnswer: 'Force; Velocity',
            correctOptions: ['Force', 'Velocity'],
            score: 1,
            maxScore: 4,
            outcome: 'Partially Correct',
          }),
        ],
      }),
    );
    renderResult();
    const row = await screen.findByTestId('question-row-1');
    expect(within(row).getByText('Partially Correct')).toBeInTheDocument();
    expect(within(row).getByText('1 / 4 marks')).toBeInTheDocument();
    const key = within(row).getAllByRole('list').at(-1)!;
    // Each with the letter it had on the taker's screen.
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['(A)Force', '(C)Velocity']);
  });

  it('lists a multiple-correct answer’s options one a line, with their letters, as the key is listed', async () => {
    mockFetch(() =>
      ok({
        corrections: [],
        assessment: makeAssessment(),
        evaluations: [
          makeResultEvaluation(1, {
            baseQuestion: question(
              'Which are vectors?',
              ['Force; a push', 'Mass, in kg', 'Velocity'],
              null,
              'multiple',
            ),
            userAnswer: ['Force; a push', 'Mass, in kg'],
            status: 'answered',
            correctOptions: ['Force; a push', 'Velocity'],
            score: -2,
            maxScore: 4,
            outcome: 'Incorrect',
          }),
        ],
      }),
    );
    renderResult();
    const row = await screen.findByTestId('question-row-1');
    // Options hold ';' and ',' themselves: joined into one line they could not be told apart.
    const [yours, key] = within(row).getAllByRole('list');
    const items = (list: HTMLElement) =>
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items(yours!)).toEqual(['(A)Force; a push', '(B)Mass, in kg']);
    expect(items(key!)).toEqual(['(A)Force; a push', '(C)Velocity']);
    expect(within(row).getByText('-2 / 4 marks')).toBeInTheDocument();
  });

  it('a row opens and closes its explanation by click and by keyboard; KaTeX renders LaTeX', async () => {
    const user = userEvent.setup();
    mockFetch(() => ok({ assessment: makeAssessment(), evaluations: resultEvaluations(), corrections: [] }));
    renderResult();
    const row = await screen.findByTestId('question-row-1');
    const details = within(row).getByRole('button', { name: 'Explanation for question 1' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(row).getByText('Question text 1'));
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Because of reason 1.')).toBeVisible();
    await user.click(row);
    await waitFor(() => expect(screen.queryByText('Because of reason 1.')).not.toBeInTheDocument());
    await user.click(details);
    expect(await screen.findByText('Because of reason 1.')).toBeInTheDocument();

    const toggle3 = screen.getByRole('button', { name: 'Explanation for question 3' });
    act(() => toggle3.focus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Because of reason 3.')).toBeInTheDocument();
    expect(toggle3).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    await waitFor(() => expect(screen.queryByText('Because of reason 3.')).not.toBeInTheDocument());

    expect(screen.getByTestId('question-row-2').querySelector('.katex')).not.toBeNull();
  });

  it('on a phone each question is a card: number, question, both answers, status and its explanation', async () => {
    stubMatchMedia(true);
    const user = userEvent.setup();
    mockFetch(() => ok({ assessment: makeAssessment(), evaluations: resultEvaluations(), corrections: [] }));
    renderResult();
    const list = await screen.findByRole('list', { name: 'Mechanics questions' });
    expect(screen.queryByRole('table', { name: 'Mechanics questions' })).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Question 1',
      'Question 2',
      'Question 3',
      'Question 4',
    ]);
    const card4 = cards[3]!;
    expect(within(card4).getByText('Question text 4')).toBeInTheDocument();
    expect(within(card4).getByText('Your Answer').nextElementSibling).toHaveTextContent('Not answered');
    expect(within(card4).getByText('Correct Answer')).toBeInTheDocument();
    expect(within(card4).getByText('Not Attempted')).toBeInTheDocument();
    const details = within(cards[0]!).getByRole('button', { name: 'Explanation for question 1' });
    await user.click(within(cards[0]!).getByText('Question text 1'));
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(await within(cards[0]!).findByText('Because of reason 1.')).toBeInTheDocument();
    await user.click(details);
    await waitFor(() => expect(screen.queryByText('Because of reason 1.')).not.toBeInTheDocument());
  });

  it("says 'Explanation is not available.' when there is none", async () => {
    const user = userEvent.setup();
    mockFetch(() => ok({ assessment: makeAssessment(), evaluations: resultEvaluations(), corrections: [] }));
    renderResult();
    await screen.findByTestId('question-row-1');
    await user.click(screen.getByRole('tab', { name: 'Optics (1)' }));
    await user.click(screen.getByTestId('question-row-5'));
    expect(await screen.findByText('Explanation is not available.')).toBeInTheDocument();
  });

  it('below the seed: accuracy per subject and topic with marks lost, and the slowest questions', async () => {
    mockFetch(() => ok({ assessment: makeAssessment(), evaluations: resultEvaluations(), corrections: [] }));
    renderResult();
    const bySubject = await screen.findByRole('table', { name: 'Accuracy by subject' });
    const mechanicsRow = within(bySubject).getByText('Mechanics (4)').closest('tr')!;
    expect(
      within(mechanicsRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Mechanics (4)', '2 / 3', '66.7%', '−1']);
    const byTopic = screen.getByRole('table', { name: 'Accuracy by topic' });
    expect(within(byTopic).getByText('Dynamics (1)').closest('tr')!.textContent).toContain('—');
    expect(screen.getByText(/Slowest:/).textContent).toBe(
      'Slowest: Q2 (3m 20s, correct), Q5 (2m 30s, incorrect), Q3 (1m 35s, incorrect)',
    );
    // The elements docs/product.md#result-screen lists come first.
    const overview = screen.getByRole('heading', { name: 'Questions Overview' });
    const accuracy = screen.getByRole('heading', { name: 'Accuracy' });
    expect(overview.compareDocumentPosition(accuracy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('for a test still running, says so (the way back is the route’s to give)', async () => {
    mockFetch(() => fail(409, 'Session still running'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderResult();
    expect(screen.getByRole('progressbar', { name: 'Loading result' })).toBeInTheDocument();
    expect(await screen.findByText(/still in progress/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to the quiz' })).not.toBeInTheDocument();
  });

  it('a failed fetch is logged and the learner can try again', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    mockFetch(() =>
      attempt++ === 0
        ? fail(500)
        : ok({ assessment: makeAssessment(), evaluations: resultEvaluations(), corrections: [] }),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderResult();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Test Analysis' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('result fetch failed', expect.anything());
  });
  it('says which answer keys were corrected after the test and how the score changed', async () => {
    mockFetch(() =>
      ok({
        assessment: makeAssessment(),
        evaluations: resultEvaluations(),
        corrections: [
          {
            questionNumber: 3,
            kind: 'key',
            reason: 'NTA final key',
            scoreBefore: -1,
            scoreAfter: 4,
            at: '2026-03-02T10:00:00.000Z',
          },
          {
            questionNumber: 5,
            kind: 'drop',
            reason: 'ambiguous wording',
            scoreBefore: null,
            scoreAfter: 4,
            at: '2026-03-02T10:00:00.000Z',
          },
        ],
      }),
    );
    renderResult();
    const notice = await screen.findByRole('region', { name: 'Answer key corrections' });
    expect(notice).toHaveTextContent('your score changed by +9');
    expect(notice).toHaveTextContent('Question 3: key corrected — NTA final key. Marks -1 → +4.');
    expect(notice).toHaveTextContent(
      'Question 5: dropped (full marks to everyone) — ambiguous wording. Marks not attempted → +4.',
    );
  });
});
