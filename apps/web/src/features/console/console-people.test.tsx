import type { CsvMembersResult, LearnerRow } from '@ai-tutor/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';
import { preloadConsole } from '../../test/preload-console';

preloadConsole();

const BATCH_ID = '11111111-1111-4111-8111-111111111111';
const ok = (data: unknown) => ({ body: { message: 'ok', data } });
const batch = {
  id: BATCH_ID,
  name: 'NEET Morning',
  description: null,
  memberCount: 0,
  createdAt: '2026-11-28T01:00:00.000Z',
  members: [],
  teachers: [],
};

describe('members by CSV', () => {
  it('uploads the file and shows every row’s result in words', async () => {
    const report: CsvMembersResult = {
      applied: true,
      added: 1,
      memberCount: 1,
      rows: [
        { line: 2, email: 'asha@example.test', result: 'added' },
        { line: 3, email: 'ghost@example.test', result: 'no-such-learner' },
        { line: 4, email: 'oops', result: 'invalid-email' },
      ],
    };
    const calls = answerCalls(({ url, method }) => {
      if (url.pathname === `/api/v1/admin/batches/${BATCH_ID}/members` && method === 'POST')
        return ok(report);
      if (url.pathname === `/api/v1/admin/batches/${BATCH_ID}`) return ok(batch);
      return undefined;
    });
    renderRoutes(routes, `/admin/batches/${BATCH_ID}`, testUser({ roles: ['admin'] }));
    const file = new File(['email\nasha@example.test\nghost@example.test\noops\n'], 'class.csv', {
      type: 'text/csv',
    });
    const chooser = await screen.findByLabelText('CSV file', undefined, { timeout: 20_000 });
    // A label around the input, not a button (a label may take no role: axe's aria-allowed-role), and
    // the input itself in the tab order, so the keyboard opens the file picker.
    expect(chooser.closest('label')).not.toHaveAttribute('role');
    expect(chooser.closest('label')).not.toHaveAttribute('tabindex', '0');
    expect(chooser).not.toHaveAttribute('hidden');
    chooser.focus();
    expect(chooser).toHaveFocus();
    await userEvent.upload(chooser, file);
    await userEvent.click(screen.getByRole('checkbox', { name: 'All or nothing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));

    expect(
      await screen.findByText('1 added; the batch has 1 member. 2 rows were not added.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Upload report' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      '2asha@example.testAdded',
      '3ghost@example.testNo such learner',
      '4oopsNot an email',
    ]);
    const upload = calls.find((call) => call.method === 'POST')!;
    expect(upload.url.searchParams.get('mode')).toBe('all-or-nothing');
    expect(upload.body).toEqual({ csv: 'email\nasha@example.test\nghost@example.test\noops\n' });
  });

  it('says nothing was added when all-or-nothing refused the file', async () => {
    answerCalls(({ url, method }) => {
      if (url.pathname.endsWith('/members') && method === 'POST')
        return ok({
          applied: false,
          added: 0,
          memberCount: 0,
          rows: [
            { line: 1, email: 'asha@example.test', result: 'added' },
            { line: 2, email: 'ghost@example.test', result: 'no-such-learner' },
          ],
        });
      if (url.pathname === `/api/v1/admin/batches/${BATCH_ID}`) return ok(batch);
      return undefined;
    });
    renderRoutes(routes, `/admin/batches/${BATCH_ID}`, testUser({ roles: ['admin'] }));
    await userEvent.upload(
      await screen.findByLabelText('CSV file', undefined, { timeout: 20_000 }),
      new File(['a'], 'a.csv', { type: 'text/csv' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Nothing was added: 1 row needs fixing first.')).toBeInTheDocument();
    expect(screen.getByText('Would be added')).toBeInTheDocument();
  });
});

describe('accommodations', () => {
  const row: LearnerRow = {
    id: 'u1',
    name: 'Ravi',
    email: 'ravi@example.test',
    verified: true,
    disabled: false,
    batches: [],
    lastActiveAt: null,
    attempts: 0,
    extraTimePercent: 0,
    extraTimeMinutes: 0,
  };

  it('sets a learner’s extra time from the learners screen, previewing what it means', async () => {
    const calls = answerCalls(({ url, method }) => {
      if (url.pathname === '/api/v1/admin/learners') return ok({ rows: [row], total: 1 });
      if (url.pathname === '/api/v1/admin/learners/u1/accommodations' && method === 'PUT')
        return ok({ id: 'u1', extraTimePercent: 25, extraTimeMinutes: 0 });
      return undefined;
    });
    renderRoutes(routes, '/admin/learners', testUser({ roles: ['teacher'] }));
    const grid = await screen.findByRole('grid', { name: 'Learners' }, { timeout: 20_000 });
    await userEvent.click(
      await within(grid).findByRole('button', { name: 'Extra time for ravi@example.test' }),
    );
    const form = await screen.findByRole('form', { name: 'Extra time' });
    const percent = within(form).getByRole('textbox', { name: 'Extra time (%)' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '2.5');
    expect(within(form).getByText('A whole number from 0 to 300')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(percent);
    await userEvent.type(percent, '25');
    expect(within(form).getByText(/You have 25 % extra time: 225 minutes\./)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Extra time saved for ravi@example.test.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      extraTimePercent: 25,
      extraTimeMinutes: 0,
    });
  }, 60_000);
});
