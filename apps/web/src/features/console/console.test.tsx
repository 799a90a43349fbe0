import type { AuditEntry } from '@ai-tutor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';
import { preloadConsole } from '../../test/preload-console';

preloadConsole();

const at = async (router: { state: { location: { pathname: string } } }, path: string) =>
  waitFor(() => expect(router.state.location.pathname).toBe(path));

const entry = (n: number): AuditEntry => ({
  id: `a${n}`,
  at: '2026-11-28T01:00:00.000Z',
  actorId: null,
  actor: 'cli',
  action: 'role.grant',
  objectType: 'user',
  objectId: `u${n}`,
  objectLabel: `user${n}@example.test`,
  before: { roles: [] },
  after: { roles: ['admin'] },
  reason: null,
});

describe('the console', () => {
  it('is for users with a role: a learner who opens /admin goes to /exams', async () => {
    const { router } = renderRoutes(routes, '/admin/audit', testUser());
    await at(router, '/exams');
  });

  it('takes an operator who is not a learner (no invite code) to /admin instead of /verify-invite', async () => {
    const { router } = renderRoutes(routes, '/exams', testUser({ usedInviteCode: null, roles: ['teacher'] }));
    await at(router, '/admin');
    expect(await screen.findByRole('heading', { name: 'Console', level: 1 })).toBeInTheDocument();
  });

  it('offers Console in the avatar menu only to users with a role', async () => {
    answerCalls(() => undefined);
    const learner = renderRoutes(routes, '/attempts/exam/jee', testUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Console' })).not.toBeInTheDocument();
    learner.unmount();

    const admin = renderRoutes(routes, '/attempts/exam/jee', testUser({ roles: ['admin'] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Console' }));
    await at(admin.router, '/admin');
  });

  it('shows an admin the audit log a page at a time from the server, filtered by who', async () => {
    const calls = answerCalls(({ url }) =>
      url.pathname === '/api/v1/admin/audit'
        ? { body: { message: 'ok', data: { rows: [entry(1), entry(2)], total: 60 } } }
        : undefined,
    );
    renderRoutes(routes, '/admin', testUser({ roles: ['admin'] }));
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Audit log' }));
    const grid = await screen.findByRole('grid', { name: 'Audit log' });
    expect(await within(grid).findByText('user: user1@example.test')).toBeInTheDocument();
    expect(within(grid).getAllByText('cli')).toHaveLength(2);
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
    expect(calls.at(-1)?.url.searchParams.get('page')).toBe('1');
    expect(calls.at(-1)?.url.searchParams.get('limit')).toBe('25');

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('page')).toBe('2'));

    await userEvent.type(screen.getByRole('textbox', { name: 'Who' }), 'asha');
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('actor')).toBe('asha'));
    expect(calls.at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('hides the audit log from a teacher, whose console has no such screen', async () => {
    answerCalls(() => undefined);
    const { router } = renderRoutes(routes, '/admin/audit', testUser({ roles: ['teacher'] }));
    await at(router, '/admin');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });
});
