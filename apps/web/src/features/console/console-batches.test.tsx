import type { BatchDetail, LearnerRow } from '@ai-tutor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';
import { preloadConsole } from '../../test/preload-console';

preloadConsole();

const BATCH_ID = '11111111-1111-4111-8111-111111111111';
const batch = (members: BatchDetail['members']): BatchDetail => ({
  id: BATCH_ID,
  name: 'NEET Morning',
  description: null,
  memberCount: members.length,
  createdAt: '2026-11-28T01:00:00.000Z',
  members,
  teachers: [],
});
const asha = { id: 'u1', name: 'Asha', email: 'asha@example.test' };
const learner = (n: number, disabled = false): LearnerRow => ({
  id: `u${n}`,
  name: `Learner ${n}`,
  email: `learner${n}@example.test`,
  verified: true,
  disabled,
  batches: [{ id: BATCH_ID, name: 'NEET Morning' }],
  lastActiveAt: null,
  attempts: n,
  extraTimePercent: 0,
  extraTimeMinutes: 0,
});
const ok = (data: unknown) => ({ body: { message: 'ok', data } });

describe('the console’s batches', () => {
  it('lists batches from the server and opens one, where an admin adds members by email', async () => {
    let members: BatchDetail['members'] = [];
    const calls = answerCalls(({ url, method, body }) => {
      if (url.pathname === '/api/v1/admin/batches') return ok({ rows: [batch(members)], total: 1 });
      if (url.pathname === `/api/v1/admin/batches/${BATCH_ID}` && method === 'PATCH') {
        members = [asha];
        expect(body).toEqual({ addEmails: ['asha@example.test', 'ghost@example.test'] });
        return ok({ batch: batch(members), unknownEmails: ['ghost@example.test'] });
      }
      if (url.pathname === `/api/v1/admin/batches/${BATCH_ID}`) return ok(batch(members));
      return undefined;
    });
    renderRoutes(routes, '/admin/batches', testUser({ roles: ['admin'] }));
    // The console's lazy chunk loads first: on a busy machine that takes more than the default wait.
    const grid = await screen.findByRole('grid', { name: 'Batches' }, { timeout: 20_000 });
    await userEvent.click(await within(grid).findByRole('link', { name: 'NEET Morning' }));
    expect(await screen.findByRole('heading', { name: 'NEET Morning' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Members (0)' })).toBeInTheDocument();

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Add by email' }),
      'asha@example.test, ghost@example.test',
    );
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Add by email' })).getByRole('button', { name: 'Add' }),
    );
    expect(await screen.findByText(/Not added \(no such account\): ghost@example.test/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Members (1)' })).toBeInTheDocument();
    expect(screen.getByText('asha@example.test')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  }, 60_000);

  it('shows a teacher their batch without the forms that change it', async () => {
    answerCalls(({ url }) =>
      url.pathname === `/api/v1/admin/batches/${BATCH_ID}` ? ok(batch([asha])) : undefined,
    );
    renderRoutes(routes, `/admin/batches/${BATCH_ID}`, testUser({ roles: ['teacher'] }));
    expect(await screen.findByText('asha@example.test')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add by email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});

describe('the console’s learners', () => {
  it('pages and searches on the server, and an admin disables a learner', async () => {
    const calls = answerCalls(({ url, method }) => {
      if (url.pathname === '/api/v1/admin/learners')
        return ok({ rows: [learner(1), learner(2, true)], total: 40 });
      if (url.pathname === '/api/v1/admin/learners/u1/status' && method === 'PUT')
        return ok({ id: 'u1', disabled: true });
      return undefined;
    });
    renderRoutes(routes, '/admin/learners', testUser({ roles: ['admin'] }));
    const grid = await screen.findByRole('grid', { name: 'Learners' }, { timeout: 20_000 });
    expect(await within(grid).findByText('learner1@example.test')).toBeInTheDocument();
    // the state is a word, not a colour
    expect(within(grid).getByText('Disabled')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('page')).toBe('2'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'meera');
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('search')).toBe('meera'));
    expect(calls.at(-1)?.url.searchParams.get('page')).toBe('1');

    await userEvent.click(within(grid).getByRole('button', { name: 'Disable learner1@example.test' }));
    expect(await screen.findByText('learner1@example.test is disabled.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ disabled: true });
  }, 60_000);
});
