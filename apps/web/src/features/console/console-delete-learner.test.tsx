import type { LearnerRow } from '@ai-tutor/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { preloadConsole } from '../../test/preload-console';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';

preloadConsole();

const row: LearnerRow = {
  id: 'u1',
  name: 'Ravi',
  email: 'ravi@example.test',
  verified: true,
  disabled: false,
  batches: [],
  lastActiveAt: null,
  attempts: 3,
  extraTimePercent: 0,
  extraTimeMinutes: 0,
};
const ok = (data: unknown) => ({ body: { message: 'ok', data } });

describe('an admin deletes a learner’s account from the console', () => {
  it('asks for a reason and the learner’s email typed again, then deletes and says so', async () => {
    const calls = answerCalls(({ url, method }) => {
      if (url.pathname === '/api/v1/admin/learners' && method === 'GET') return ok({ rows: [row], total: 1 });
      if (url.pathname === '/api/v1/admin/learners/u1' && method === 'DELETE')
        return ok({ id: 'u1', deletedAt: '2026-11-28T05:00:00.000Z' });
      return undefined;
    });
    renderRoutes(routes, '/admin/learners', testUser({ roles: ['admin'] }));
    const grid = await screen.findByRole('grid', { name: 'Learners' }, { timeout: 20_000 });
    await userEvent.click(await within(grid).findByRole('button', { name: 'Delete ravi@example.test' }));

    const form = await screen.findByRole('form', { name: 'Delete account' });
    const confirm = within(form).getByRole('button', { name: 'Delete account' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Asked in writing');
    expect(confirm).toBeDisabled();
    await userEvent.type(
      within(form).getByRole('textbox', { name: /email to confirm/ }),
      'someone@else.test',
    );
    expect(confirm).toBeDisabled();
    await userEvent.clear(within(form).getByRole('textbox', { name: /email to confirm/ }));
    await userEvent.type(
      within(form).getByRole('textbox', { name: /email to confirm/ }),
      'Ravi@Example.test',
    );
    await userEvent.click(confirm);

    expect(await screen.findByText('The account of ravi@example.test has been deleted.')).toBeInTheDocument();
    const deleted = calls.find((call) => call.method === 'DELETE');
    expect(deleted?.url.pathname).toBe('/api/v1/admin/learners/u1');
    expect(deleted?.body).toEqual({ reason: 'Asked in writing' });
  }, 60_000);

  it('is not offered to a teacher', async () => {
    answerCalls(({ url }) =>
      url.pathname === '/api/v1/admin/learners' ? ok({ rows: [row], total: 1 }) : undefined,
    );
    renderRoutes(routes, '/admin/learners', testUser({ roles: ['teacher'] }));
    const grid = await screen.findByRole('grid', { name: 'Learners' }, { timeout: 20_000 });
    await within(grid).findByText('ravi@example.test');
    expect(within(grid).queryByRole('button', { name: 'Delete ravi@example.test' })).not.toBeInTheDocument();
  }, 60_000);
});
