import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { stubScreenWidth } from '../../../test/screen-width';
import { AttemptsScreen } from './AttemptsScreen';
import { fail, makeAssessment, mockFetch, ok, inTimeZone } from './results-test-kit';

const ROUTE = '/attempts/:entityType/:entityId';
const renderAttempts = (path = '/attempts/subject/mechanics') =>
  renderPage(<AttemptsScreen />, { route: ROUTE, path, user: testUser() });

const attempts = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, i) =>
    makeAssessment({
      _id: `a${offset + i}`,
      slug: `attempt-${offset + i}`,
      // Named by a server on UTC, as containers run.
      sessionName: `Attempt ${offset + i} · 1 Mar 2026, 10:00`,
      score: 12,
      totalMarks: 40,
      answeredQuestion: 7,
      totalQuestions: 10,
    }),
  );

// A learner in India: every time read in their own zone (UTC+5:30).
let restoreZone = () => undefined as void;
beforeEach(() => {
  restoreZone = inTimeZone('Asia/Kolkata');
});
afterEach(() => {
  restoreZone();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Assessment Attempts', () => {
  it('lists attempts with the four columns and opens a result by click and by keyboard', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() =>
      ok({ assessments: attempts(2), entityData: { name: 'Mechanics' }, total: 2 }),
    );
    const { router } = renderAttempts();
    expect(await screen.findByRole('heading', { name: 'Assessment Attempts' })).toBeInTheDocument();
    expect(screen.getByText('Mechanics')).toBeInTheDocument();
    const query = calls[0]!.url.searchParams;
    expect(calls[0]!.path).toBe('/api/v1/assessment/details');
    expect(Object.fromEntries(query)).toEqual({
      entityType: 'subject',
      entitySlug: 'mechanics',
      page: '1',
      limit: '15',
    });

    const table = screen.getByRole('table', { name: 'Assessment Attempts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Session Name', 'Exam', 'Questions Attempted', 'Score']);
    const row = within(table)
      .getByText(/^Attempt 0 ·/)
      .closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Attempt 0 · 1 Mar 2026, 15:30', 'JEE Main', '7 / 10', '12 / 40']);
    await user.click(within(row).getByText('JEE Main'));
    expect(router.state.location.pathname).toBe('/quiz/result/attempt-0');

    await act(() => router.navigate('/attempts/subject/mechanics'));
    const link = await screen.findByRole('link', { name: /^Attempt 1 ·/ });
    expect(link).toHaveAttribute('href', '/quiz/result/attempt-1');
    act(() => link.focus());
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/quiz/result/attempt-1');
  });

  it('on a 360 px phone the table scrolls in its own labelled box and the page stays as wide as the screen', async () => {
    stubScreenWidth(360);
    mockFetch(() => ok({ assessments: attempts(2), entityData: { name: 'Mechanics' }, total: 2 }));
    renderAttempts();
    const table = await screen.findByRole('table', { name: 'Assessment Attempts' });
    const box = screen.getByRole('region', { name: 'Assessment Attempts' });
    expect(box).toContainElement(table);
    expect(box).toHaveAttribute('tabindex', '0');
    expect(getComputedStyle(box).overflowX).toBe('auto');
    // jsdom lays nothing out: what keeps the page narrow is the screen's one grid column, which may
    // shrink below the table's width (a plain grid track grows to it), and the pager, which wraps.
    const column = screen.getByRole('heading', { name: 'Assessment Attempts' }).parentElement!.parentElement!;
    expect(column).toContainElement(box);
    expect(getComputedStyle(column).gridTemplateColumns).toBe('minmax(0, 1fr)');
    const pager = screen.getByText('Rows per page:').closest<HTMLElement>('.MuiTablePagination-toolbar')!;
    expect(getComputedStyle(pager).flexWrap).toBe('wrap');
  });

  it("says 'No assessment attempts found' when there are none", async () => {
    mockFetch(() => ok({ assessments: [], entityData: { name: 'Physics' }, total: 0 }));
    renderAttempts('/attempts/exam_module/physics-module');
    expect(await screen.findByText('No assessment attempts found')).toBeInTheDocument();
  });

  it('pages on the server: 15 per page by default, next page asks page=2, 20 rows per page asks limit=20', async () => {
    const user = userEvent.setup();
    const calls = mockFetch((call) => {
      const page = Number(call.url.searchParams.get('page'));
      const limit = Number(call.url.searchParams.get('limit'));
      return ok({
        assessments: attempts(Math.min(limit, 40 - (page - 1) * limit), (page - 1) * limit),
        entityData: { name: 'Mechanics' },
        total: 40,
      });
    });
    renderAttempts();
    await screen.findByText(/^Attempt 0 ·/);
    expect(screen.getByText('1–15 of 40')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(16);

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText(/^Attempt 15 ·/)).toBeInTheDocument();
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('2');

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['15', '20', '25', '30']);
    await user.click(screen.getByRole('option', { name: '20' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('limit')).toBe('20'));
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('1');
    expect(await screen.findByText('1–20 of 40')).toBeInTheDocument();
  });

  it('a failed fetch is logged, and the screen says so instead of going blank', async () => {
    mockFetch(() => fail(500));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAttempts();
    expect(await screen.findByText('The attempts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Assessment Attempts' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('attempts fetch failed', expect.anything());
  });
});
