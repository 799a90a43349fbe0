import { uiTexts } from '@ai-tutor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ExamPage from '../../app/routes/exam';
import { renderRoutes, testUser } from '../../test/render';
import { DECLARATION } from './components/TestInstructions';
import { jee, mockApi, ok, records } from './test-api';

const routes = [
  { path: '/exams', element: <div>exams list screen</div> },
  { path: '/exams/:id', element: <ExamPage /> },
  { path: '/quiz/exam/:examId/:type/:moduleId/:subjectId?/:topicId?', element: <div>quiz screen</div> },
];

let fullscreen: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fullscreen = vi.fn(() => Promise.resolve());
  Object.defineProperty(document.documentElement, 'requestFullscreen', {
    value: fullscreen,
    configurable: true,
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function api({ examStatus = 200, recordsStatus = 200 } = {}) {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/exams/jee-main-practice')
      return examStatus === 200 ? ok(jee) : { status: examStatus, body: { message: 'Boom', data: null } };
    if (url.pathname === '/api/v1/user-records')
      return recordsStatus === 200
        ? ok({ data: records })
        : { status: recordsStatus, body: { message: 'Boom', data: null } };
    return { status: 404, body: { message: 'Exam not found', data: null } };
  });
}
const open = (slug = 'jee-main-practice') => renderRoutes(routes, `/exams/${slug}`, testUser());
const moduleCard = () => screen.getByRole('region', { name: 'Paper 1' });
const subjectCard = (name: string) => screen.getByRole('region', { name });

describe('/exams/{slug}', () => {
  it("shows the breadcrumb 'Exams' → exam name, the title and a card per module with its stats", async () => {
    api();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'JEE Main (Practice)' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Exams' })).toHaveAttribute('href', '/exams');
    expect(within(crumbs).getByText('JEE Main (Practice)')).toHaveAttribute('aria-current', 'page');

    const mod = moduleCard();
    expect(within(mod).getByRole('heading', { level: 2, name: 'Paper 1' })).toBeInTheDocument();
    expect(within(mod).getByText('Mock test: 60 questions · 144 min')).toBeInTheDocument();
    expect(within(mod).getByRole('button', { name: 'Start Mock Test' })).toBeInTheDocument();
    // Module tiles: Average Score, Attempts (a link), Total Marks, Highest Score.
    expect(await within(mod).findByText('41.67%')).toBeInTheDocument();
    const attempts = within(mod).getByRole('link', { name: /^Attempts: 3, view Paper 1 attempts$/ });
    expect(attempts).toHaveAttribute('href', '/attempts/exam_module/jee-main-paper-1');
    // The marks, not 'score / marks' (docs/product.md#exam-page).
    const totalMarks = within(mod).getAllByText('Total Marks')[0]!;
    expect(totalMarks.nextElementSibling).toHaveTextContent(/^720$/);
    expect(within(mod).getAllByText('Highest Score')[0]).toBeInTheDocument();
    expect(within(mod).getByText('140')).toBeInTheDocument();
  });

  it('shows each subject with its Performance Status in words, 2-decimal average, attempts link and start button', async () => {
    api();
    open();
    await screen.findByText('62.50%');
    const physics = subjectCard('Physics');
    expect(within(physics).getByText('Performance Status')).toBeInTheDocument();
    expect(within(physics).getByText('Good')).toBeInTheDocument();
    expect(within(physics).getByText('62.50%')).toBeInTheDocument();
    expect(within(physics).getByRole('link', { name: /^Attempts: 2/ })).toHaveAttribute(
      'href',
      '/attempts/subject/jee-physics',
    );
    expect(within(physics).getByText('Total Marks').nextElementSibling).toHaveTextContent(/^160$/);
    expect(within(physics).getByText('60')).toBeInTheDocument();
    expect(within(physics).getByRole('button', { name: 'Start Subject Quiz' })).toBeInTheDocument();
    expect(within(physics).getByText('Subject quiz: 20 questions · 48 min')).toBeInTheDocument();

    // A subject never attempted: 'No attempts yet', not 'Average', '0.00%' or 'Total Marks 0'.
    const chemistry = subjectCard('Chemistry');
    expect(within(chemistry).queryByText('Average')).not.toBeInTheDocument();
    expect(within(chemistry).queryByText('0.00%')).not.toBeInTheDocument();
    expect(within(chemistry).getAllByText('No attempts yet').length).toBeGreaterThanOrEqual(1);
    expect(within(chemistry).getByText('Total Marks').nextElementSibling).toHaveTextContent(
      /^—No attempts yet$/,
    );
    expect(within(chemistry).getByRole('link', { name: /^Attempts: 0/ })).toHaveAttribute(
      'href',
      '/attempts/subject/jee-chemistry',
    );

    // Topics, each with its own quiz and, once attempted, its average.
    const topics = within(physics).getByRole('list', { name: 'Topics' });
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Mechanics'),
      expect.stringContaining('OpticsAverage 50.00% · 1 attempt'),
    ]);
    expect(within(topics).getByRole('button', { name: 'Start Topic Quiz: Optics' })).toBeInTheDocument();
  });

  it("'Start Mock Test' opens 'Enter Fullscreen Mode' with the ESC hint, then asks for fullscreen and opens the module test", async () => {
    api();
    const { router } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Start Mock Test' }));
    const dialog = await screen.findByRole('dialog', { name: uiTexts.fullscreenTitle });
    expect(dialog).toHaveAccessibleDescription(uiTexts.fullscreenHint);
    expect(within(dialog).getByText('Paper 1 — mock test')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fullscreen).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Start Mock Test' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: DECLARATION }));
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('quiz screen')).toBeInTheDocument();
    expect(fullscreen).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/quiz/exam/jee-main-practice/module/jee-main-paper-1');
  });

  it('a mock test shows its instructions first: Start stays disabled until the declaration is ticked', async () => {
    api();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Start Mock Test' }));
    const dialog = await screen.findByRole('dialog', { name: uiTexts.fullscreenTitle });
    const instructions = within(dialog).getByRole('region', { name: 'Instructions' });
    expect(instructions).toHaveTextContent('Duration: 144 minutes');
    expect(instructions).toHaveTextContent('Questions: 60');
    expect(instructions).toHaveTextContent(
      'Marking scheme: +4 for a correct answer, −1 for a wrong one, 0 if not answered',
    );
    const legend = within(instructions).getByRole('region', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Not Answered',
      'Answered',
      'Marked for Review',
      'Answered & Marked for Review',
      'Current Question',
    ]);

    const start = within(dialog).getByRole('button', { name: 'Start' });
    const declaration = within(dialog).getByRole('checkbox', { name: DECLARATION });
    expect(start).toBeDisabled();
    await userEvent.click(declaration);
    expect(start).toBeEnabled();
    await userEvent.click(declaration);
    expect(start).toBeDisabled();

    // Each opening asks again.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Start Mock Test' }));
    expect(await screen.findByRole('checkbox', { name: DECLARATION })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
  });

  it('goes on to the subject quiz when fullscreen is refused, only logging it', async () => {
    api();
    fullscreen.mockRejectedValue(new Error('Permissions check failed'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = open();
    await screen.findByText('62.50%');
    await userEvent.click(
      within(subjectCard('Chemistry')).getByRole('button', { name: 'Start Subject Quiz' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Enter Fullscreen' }));
    expect(await screen.findByText('quiz screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(
      '/quiz/exam/jee-main-practice/subject/jee-main-paper-1/jee-chemistry',
    );
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Could not enter fullscreen mode', expect.any(Error)),
    );
  });

  it('starts a topic quiz through the same dialog', async () => {
    api();
    const { router } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Start Topic Quiz: Mechanics' }));
    const dialog = await screen.findByRole('dialog', { name: uiTexts.fullscreenTitle });
    expect(within(dialog).getByText('Physics — Mechanics topic quiz')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enter Fullscreen' }));
    await screen.findByText('quiz screen');
    expect(router.state.location.pathname).toBe(
      '/quiz/exam/jee-main-practice/topic/jee-main-paper-1/jee-physics/jee-physics-mechanics',
    );
  });

  it('shows a not-found message with a way back to /exams for an unknown exam', async () => {
    api();
    const { router } = open('no-such-exam');
    expect(await screen.findByRole('heading', { level: 1, name: 'Exam not found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Exams' }));
    expect(await screen.findByText('exams list screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/exams');
  });

  it('says it is loading, then explains a failure and tries again', async () => {
    let examStatus = 500;
    mockApi((url) => {
      if (url.pathname === '/api/v1/user-records') return ok({ data: [] });
      if (url.pathname !== '/api/v1/exams/jee-main-practice') return undefined;
      return examStatus === 200
        ? ok(jee)
        : {
            status: 500,
            body: { message: 'Something went wrong on our side. Please try again.', data: null },
          };
    });
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the exam…');
    expect(
      await screen.findByText(
        'Could not load this exam. Something went wrong on our side. Please try again.',
      ),
    ).toBeInTheDocument();
    examStatus = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'JEE Main (Practice)' })).toBeInTheDocument();
  });

  it('still shows the exam when the scores cannot be loaded, and says so', async () => {
    api({ recordsStatus: 500 });
    open();
    expect(
      await screen.findByText('Your scores could not be loaded, so the figures below may be out of date.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Mock Test' })).toBeInTheDocument();
  });
});
