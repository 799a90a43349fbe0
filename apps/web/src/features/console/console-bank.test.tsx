import type { BankRow } from '@ai-tutor/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';
import { preloadConsole } from '../../test/preload-console';

preloadConsole();

const row = (n: number, overrides: Partial<BankRow> = {}): BankRow => ({
  id: `q${n}`,
  text: `Question ${n} on Kirchhoff's laws`,
  exam: 'JEE Main',
  module: 'Paper 1',
  subject: 'Physics',
  topic: 'Current Electricity',
  type: 'single',
  status: 'approved',
  facility: 0.25,
  answers: 8,
  openReports: 1,
  hasFigure: false,
  updatedAt: '2026-11-28T01:00:00.000Z',
  ...overrides,
});

describe('the question bank in the console', () => {
  it('finds questions by a word, filters them and lets the server sort them by difficulty', async () => {
    const calls = answerCalls(({ url }) =>
      url.pathname === '/api/v1/admin/questions'
        ? {
            body: {
              message: 'ok',
              data: { rows: [row(1), row(2, { facility: null, answers: 0 })], total: 2 },
            },
          }
        : undefined,
    );
    renderRoutes(routes, '/admin/questions', testUser({ roles: ['editor'] }));
    // the console is a lazy chunk: its first load takes a while in a test
    const grid = await screen.findByRole('grid', { name: 'Question bank' }, { timeout: 10_000 });
    expect(await within(grid).findByText("Question 1 on Kirchhoff's laws")).toBeInTheDocument();
    // difficulty as words, not a bare number
    expect(within(grid).getByText('25 % right')).toBeInTheDocument();
    expect(within(grid).getByText('No answers yet')).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('sort')).toBe('updated');

    // label queries and one change event rather than five keystrokes: each re-renders the grid, and
    // a role query over the whole grid takes seconds in jsdom
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'kirch' } });
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('search')).toBe('kirch'));

    await userEvent.click(screen.getByLabelText('With open reports'));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('hasReports')).toBe('true'));

    await userEvent.click(screen.getByLabelText('Type'));
    await userEvent.click(await screen.findByRole('option', { name: 'Numerical' }));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('type')).toBe('numerical'));

    await userEvent.click(within(grid).getByRole('columnheader', { name: 'Difficulty' }));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('sort')).toBe('difficulty'));
    expect(calls.at(-1)?.url.searchParams.get('order')).toBe('asc');
    expect(calls.at(-1)?.url.searchParams.get('page')).toBe('1');
  }, 90_000);

  it('retires the questions ticked on the page and says how many changed', async () => {
    const calls = answerCalls(({ url, method }) => {
      if (url.pathname === '/api/v1/admin/questions/bulk' && method === 'POST')
        return { body: { message: '2 questions changed.', data: { changed: 2 } } };
      return url.pathname === '/api/v1/admin/questions'
        ? { body: { message: 'ok', data: { rows: [row(1), row(2), row(3)], total: 3 } } }
        : undefined;
    });
    renderRoutes(routes, '/admin/questions', testUser({ roles: ['editor'] }));
    const grid = await screen.findByRole('grid', { name: 'Question bank' }, { timeout: 10_000 });
    await within(grid).findByText("Question 1 on Kirchhoff's laws");
    const bar = within(screen.getByRole('region', { name: 'Selected questions' }));
    expect(bar.getByRole('button', { name: 'Set status' })).toBeDisabled();

    const [first, , third] = within(grid).getAllByRole('checkbox', { name: 'Select row' });
    await userEvent.click(first!);
    await userEvent.click(third!);
    expect(bar.getByText('2 selected on this page')).toBeInTheDocument();
    await userEvent.click(bar.getByRole('button', { name: 'Set status' }));

    await waitFor(() => expect(calls.find((call) => call.url.pathname.endsWith('/bulk'))).toBeDefined());
    const sent = calls.find((call) => call.url.pathname.endsWith('/bulk'))!;
    expect(sent.body).toEqual({ action: 'set-status', ids: ['q1', 'q3'], status: 'retired' });
    expect(await bar.findByText('2 questions changed.')).toBeInTheDocument();
    expect(bar.getByText('Tick questions to change several at once')).toBeInTheDocument();
  }, 90_000);

  it('is not in a teacher’s console', async () => {
    answerCalls(() => undefined);
    const { router } = renderRoutes(routes, '/admin/questions', testUser({ roles: ['teacher'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Question bank' })).not.toBeInTheDocument();
  });
});
