import type { AdminLiveTestDetail } from '@ai-tutor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';
import { preloadConsole } from '../../test/preload-console';

preloadConsole();

const TEST_ID = '22222222-2222-4222-8222-222222222222';
const LEARNER_ID = '33333333-3333-4333-8333-333333333333';
const detail = (over: Partial<AdminLiveTestDetail> = {}): AdminLiveTestDetail => ({
  id: TEST_ID,
  name: 'JEE Main Live Test',
  module: { slug: 'jee-main-1', name: 'JEE Main Mock 1' },
  exam: { slug: 'jee', name: 'JEE' },
  opensAt: '2026-11-28T09:00:00.000Z',
  closesAt: '2026-11-28T12:00:00.000Z',
  extendedUntil: null,
  durationMinutes: 180,
  questions: 75,
  release: 'manual',
  releasedAt: null,
  state: 'closed',
  awaitingRelease: true,
  batches: [{ id: 'b1', name: 'Andheri centre' }],
  takers: 41,
  progress: { eligible: 45, started: 41, submitted: 40, running: 1, reopened: [], serverTime: '' },
  ...over,
});
const ok = (data: unknown) => ({ body: { message: 'ok', data } });

describe('the console’s live tests', () => {
  it('lists tests, opens one with its progress, re-opens it for a learner and releases its results', async () => {
    let test = detail();
    const calls = answerCalls(({ url, method }) => {
      if (url.pathname === '/api/v1/admin/scheduled-tests') return ok({ rows: [test], total: 1 });
      if (url.pathname === `/api/v1/admin/scheduled-tests/${TEST_ID}/reopen` && method === 'POST') {
        test = detail({
          progress: {
            ...test.progress,
            reopened: [
              {
                userId: LEARNER_ID,
                email: 'asha@example.test',
                name: 'Asha',
                opensAt: '2026-11-28T12:05:00.000Z',
                closesAt: '2026-11-28T12:35:00.000Z',
                reason: 'Power cut at the centre',
              },
            ],
          },
        });
        return ok(test);
      }
      if (url.pathname === `/api/v1/admin/scheduled-tests/${TEST_ID}/release` && method === 'POST') {
        test = detail({ state: 'ranked', awaitingRelease: false, releasedAt: '2026-11-28T13:00:00.000Z' });
        return ok(test);
      }
      if (url.pathname === `/api/v1/admin/scheduled-tests/${TEST_ID}`) return ok(test);
      return undefined;
    });
    renderRoutes(routes, '/admin/live-tests', testUser({ roles: ['editor'] }));
    const grid = await screen.findByRole('grid', { name: 'Live tests' });
    expect(await within(grid).findByText('Awaiting release')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Schedule live test' })).toBeInTheDocument();
    await userEvent.click(within(grid).getByRole('link', { name: 'JEE Main Live Test' }));

    expect(await screen.findByRole('heading', { name: 'JEE Main Live Test' })).toBeInTheDocument();
    const progress = screen.getByRole('group', { name: 'Progress' });
    expect(within(progress).getByText('45 learners')).toBeInTheDocument();
    expect(within(progress).getByText('40')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Item analysis of this test' })).toHaveAttribute(
      'href',
      `/admin/live-tests/${TEST_ID}/analysis`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Re-open for a learner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-open for one learner' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: "Learner's email" }));
    await userEvent.paste('asha@example.test');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await userEvent.paste('Power cut at the centre');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Re-open' }));
    expect(await screen.findByText('Power cut at the centre')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname.endsWith('/reopen'))?.body).toEqual({
      email: 'asha@example.test',
      reason: 'Power cut at the centre',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Release results' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Release results' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText(/Ranked/)).toBeInTheDocument();
    // the data grid and the form are slow to render in jsdom on a busy machine
  }, 60_000);

  it('says in the dialog why it cannot re-open for an email, keeping what was typed', async () => {
    answerCalls(({ url, method }) => {
      if (url.pathname === `/api/v1/admin/scheduled-tests/${TEST_ID}/reopen` && method === 'POST')
        return { status: 404, body: { message: 'No account has the email asha@exmaple.test.', data: null } };
      if (url.pathname === `/api/v1/admin/scheduled-tests/${TEST_ID}`) return ok(detail());
      return undefined;
    });
    renderRoutes(routes, `/admin/live-tests/${TEST_ID}`, testUser({ roles: ['editor'] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Re-open for a learner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-open for one learner' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: "Learner's email" }),
      'asha@exmaple.test',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Power cut');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Re-open' }));
    expect(
      await within(dialog).findByText('No account has the email asha@exmaple.test.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: "Learner's email" })).toHaveValue('asha@exmaple.test');
  });

  it('shows a teacher the test without the buttons that change it', async () => {
    answerCalls(({ url }) =>
      url.pathname === `/api/v1/admin/scheduled-tests/${TEST_ID}` ? ok(detail({ state: 'live' })) : undefined,
    );
    renderRoutes(routes, `/admin/live-tests/${TEST_ID}`, testUser({ roles: ['teacher'] }));
    expect(await screen.findByRole('heading', { name: 'JEE Main Live Test' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-open for a learner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release results' })).not.toBeInTheDocument();
  });
});
