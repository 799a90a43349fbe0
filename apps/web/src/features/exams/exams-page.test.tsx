import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ExamsPage from '../../app/routes/exams';
import { renderRoutes, testUser } from '../../test/render';
import { server } from '../../test/server';
import { exam, jee, mockApi, ok } from './test-api';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/exams', element: <ExamsPage /> },
  { path: '/exams/:id', element: <div>exam details screen</div> },
];
const open = (path = '/exams') => renderRoutes(routes, path, testUser());

/** The exams' calls answered by `handler`; the live-test list (its own tests) is empty here. */
function mockExams(handler: Parameters<typeof mockApi>[0]) {
  const api = mockApi((url) =>
    url.pathname === '/api/v1/scheduled-tests'
      ? ok({ upcoming: [], live: [], past: [], trend: [], serverTime: new Date().toISOString() })
      : url.pathname === '/api/v1/assessment/running'
        ? ok({ attempts: [] })
        : url.pathname === '/api/v1/assessment/recent'
          ? ok({ assessments: [] })
          : handler(url),
  );
  return {
    get calls() {
      return api.calls.filter((url) => url.pathname === '/api/v1/exams');
    },
  };
}

describe('/exams', () => {
  it("shows 'Exams' with its breadcrumb and a card per exam with 'Show Details' → /exams/{slug}", async () => {
    const api = mockExams((url) =>
      url.pathname === '/api/v1/exams'
        ? ok({ exams: [jee, exam(2)], total: 2, page: 1, limit: 4 })
        : undefined,
    );
    open();
    expect(await screen.findByRole('heading', { level: 2, name: 'JEE Main (Practice)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Exams' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('Exams')).toHaveAttribute('aria-current', 'page');

    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Physics · Chemistry')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Show Details' })).toHaveAttribute(
      'href',
      '/exams/jee-main-practice',
    );
    expect(within(cards[1]!).getByRole('link', { name: 'Show Details' })).toHaveAttribute(
      'href',
      '/exams/exam-2',
    );

    // docs/product.md#exams-list: page 1, limit 4; with no more than 4 exams, no page navigation.
    const examsCall = api.calls.find((url) => url.pathname === '/api/v1/exams');
    expect(examsCall?.searchParams.get('page')).toBe('1');
    expect(examsCall?.searchParams.get('limit')).toBe('4');
    expect(screen.queryByRole('navigation', { name: 'Exam pages' })).not.toBeInTheDocument();
  });

  it('opens the details of an exam', async () => {
    mockExams(() => ok({ exams: [jee], total: 1, page: 1, limit: 4 }));
    const { router } = open();
    await userEvent.click(await screen.findByRole('link', { name: 'Show Details' }));
    expect(await screen.findByText('exam details screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/exams/jee-main-practice');
  });

  it('loads the exams after the first four as the learner scrolls to the end of the list', async () => {
    const api = mockExams((url) => {
      const page = Number(url.searchParams.get('page'));
      return page === 1
        ? ok({ exams: [1, 2, 3, 4].map(exam), total: 9, page: 1, limit: 4 })
        : page === 2
          ? ok({ exams: [5, 6, 7, 8].map(exam), total: 9, page: 2, limit: 4 })
          : ok({ exams: [exam(9)], total: 9, page: 3, limit: 4 });
    });
    // The end of the list comes into view whenever it is watched.
    const watched: Array<() => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
        observe() {
          watched.push(() => this.callback([{ isIntersecting: true }]));
        }
        disconnect() {}
      },
    );
    open();
    expect(await screen.findByRole('heading', { name: 'Exam 4' })).toBeInTheDocument();
    // The first request is still page 1 of 4.
    const firstCall = api.calls.find((url) => url.pathname === '/api/v1/exams');
    expect([firstCall?.searchParams.get('page'), firstCall?.searchParams.get('limit')]).toEqual(['1', '4']);
    act(() => watched.at(-1)?.());
    expect(await screen.findByRole('heading', { name: 'Exam 8' })).toBeInTheDocument();
    // A keyboard reaches the rest too.
    await userEvent.click(screen.getByRole('button', { name: 'Show more exams' }));
    expect(await screen.findByRole('heading', { name: 'Exam 9' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(9);
    expect(screen.queryByRole('button', { name: 'Show more exams' })).toBeNull();
  });

  it('is the home: the test in progress to continue and the recent results come before the exams', async () => {
    const now = new Date().toISOString();
    const running = {
      slug: 'mock-1',
      quizType: 'module',
      examSlug: 'jee-main-practice',
      moduleSlug: 'jee-main-paper-1',
      subjectSlug: null,
      topicSlug: null,
      sessionName: 'JEE Main Mock Test',
      mode: 'timed',
      timed: true,
      deadline: new Date(Date.now() + 30 * 60_000).toISOString(),
      serverTime: now,
      answeredQuestion: 3,
      totalQuestions: 75,
    };
    const result = {
      _id: 'r1',
      slug: 'physics-quiz-1',
      sessionName: 'Physics Quiz',
      score: 12,
      totalMarks: 80,
    };
    mockApi((url) =>
      url.pathname === '/api/v1/assessment/running'
        ? ok({ attempts: [running] })
        : url.pathname === '/api/v1/assessment/recent'
          ? ok({ assessments: [result] })
          : url.pathname === '/api/v1/scheduled-tests'
            ? ok({ upcoming: [], live: [], past: [], trend: [], serverTime: now })
            : url.pathname === '/api/v1/exams'
              ? ok({ exams: [jee], total: 1, page: 1, limit: 4 })
              : undefined,
    );
    open();
    const inProgress = await screen.findByRole('region', { name: 'Tests in progress' });
    expect(inProgress).toHaveTextContent('JEE Main Mock Test is in progress · 3 of 75 answered');
    expect(within(inProgress).getByRole('button', { name: /^Resume — \d+:\d\d left$/ })).toBeInTheDocument();
    const recent = await screen.findByRole('region', { name: 'Recent results' });
    expect(within(recent).getByRole('link', { name: 'Physics Quiz' })).toHaveAttribute(
      'href',
      '/quiz/result/physics-quiz-1',
    );
    expect(recent).toHaveTextContent('12 / 80');
    // Both above the exams.
    const card = await screen.findByRole('heading', { name: 'JEE Main (Practice)' });
    expect(recent.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(inProgress.compareDocumentPosition(recent) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says so while loading, and when there are no exams', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/v1/exams', async () => {
        await answered;
        return HttpResponse.json({ message: 'ok', data: { exams: [], total: 0, page: 1, limit: 4 } });
      }),
    );
    open();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading exams…');
    answer();
    expect(
      await screen.findByText('No exams are available yet. Please check back later.'),
    ).toBeInTheDocument();
  });

  it('explains a failure and tries again', async () => {
    let fail = true;
    mockExams(() =>
      fail
        ? {
            status: 503,
            body: { message: 'Service temporarily unavailable. Please try again shortly.', data: null },
          }
        : ok({ exams: [jee], total: 1, page: 1, limit: 4 }),
    );
    open();
    expect(
      await screen.findByText(
        'Could not load the exams. Service temporarily unavailable. Please try again shortly.',
      ),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'JEE Main (Practice)' })).toBeInTheDocument();
  });
});
