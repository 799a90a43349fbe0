import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { answerCalls } from '../../../test/server';
import { mistake, mistakesPage } from '../mistakes-test-kit';
import { MistakesScreen } from './MistakesScreen';

const ok = (data: unknown) => ({ status: 200, body: { message: 'ok', data } });

/** The notebook keeps what was answered wrong apart from what was not attempted. */
describe('/mistakes: wrong apart from not attempted', () => {
  it("'Show' asks the server for one kind, keeps it in the URL, and each entry says its kind", async () => {
    const calls = answerCalls((call) => {
      if (call.url.pathname !== '/api/v1/mistakes') return undefined;
      const kind = call.url.searchParams.get('kind');
      return ok(
        mistakesPage(
          kind === 'unattempted'
            ? [mistake(2, { outcome: 'unattempted', yourAnswer: null })]
            : [mistake(1), mistake(2, { outcome: 'unattempted', yourAnswer: null })],
          kind ? 1 : 2,
        ),
      );
    });
    const { router } = renderPage(<MistakesScreen catalogue={{ exams: [] }} />, {
      route: '/mistakes',
      path: '/mistakes',
      user: testUser(),
    });
    expect(await screen.findByText('Answered wrong')).toBeInTheDocument();
    expect(screen.getByText('Left unattempted')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Not attempted' }));
    expect(router.state.location.search).toBe('?kind=unattempted');
    await waitFor(() => expect(screen.queryByText('Answered wrong')).not.toBeInTheDocument());
    expect(screen.getAllByRole('article')).toHaveLength(1);
    const lists = calls.filter((c) => c.url.pathname === '/api/v1/mistakes');
    expect(lists.at(-1)?.url.searchParams.get('kind')).toBe('unattempted');
  });
});
