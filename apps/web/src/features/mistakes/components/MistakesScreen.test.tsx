import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { answerCalls } from '../../../test/server';
import { mistake, mistakesPage, withEvaluation } from '../mistakes-test-kit';
import type { FilterCatalogue } from '../types';
import { MistakesScreen } from './MistakesScreen';

const ok = (data: unknown) => ({ status: 200, body: { message: 'ok', data } });

const catalogue: FilterCatalogue = {
  exams: [
    {
      slug: 'jee-main',
      name: 'JEE Main',
      subjects: [
        { slug: 'physics', name: 'Physics', topics: [{ slug: 'kinematics', name: 'Kinematics' }] },
        { slug: 'chemistry', name: 'Chemistry', topics: [] },
      ],
    },
    { slug: 'neet', name: 'NEET', subjects: [] },
  ],
};

function renderNotebook(path = '/mistakes', handle?: (path: string, method: string) => unknown) {
  const calls = answerCalls((call) => {
    const reply = handle?.(call.path, call.method);
    if (reply !== undefined) return reply as ReturnType<typeof ok>;
    if (call.url.pathname === '/api/v1/mistakes') {
      const page = Number(call.url.searchParams.get('page'));
      return ok(
        mistakesPage(
          page === 2
            ? [mistake(11)]
            : [withEvaluation(mistake(1), 'e1'), mistake(2, { outcome: 'unattempted', yourAnswer: null })],
          11,
          page || 1,
        ),
      );
    }
    return undefined;
  });
  const view = renderPage(
    <MistakesScreen
      catalogue={catalogue}
      askTutor={(m) => (
        <span>
          tutor for {m.id} on {m.evaluationId ?? 'none'}
        </span>
      )}
    />,
    {
      route: '/mistakes',
      path,
      user: testUser(),
    },
  );
  return { calls, ...view };
}

const listCalls = (calls: ReturnType<typeof renderNotebook>['calls']) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/v1/mistakes');

describe('/mistakes: the notebook', () => {
  it('shows each entry: where it is from, the question with maths, the last answer, the key, the explanation and its actions', async () => {
    renderNotebook();
    const items = await screen.findAllByRole('article');
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(
      within(first).getByRole('heading', { name: 'JEE Main · Physics · Kinematics' }),
    ).toBeInTheDocument();
    expect(within(first).getByText('Answered wrong')).toBeInTheDocument();
    expect(first.querySelector('.katex')).not.toBeNull();
    expect(
      within(first).getByRole('heading', { name: 'Your last answer' }).nextElementSibling,
    ).toHaveTextContent('1');
    expect(
      within(first).getByRole('heading', { name: 'Correct answer' }).nextElementSibling,
    ).toHaveTextContent('4');
    expect(within(first).getByRole('heading', { name: 'Explanation' }).nextElementSibling).toHaveTextContent(
      /Square it/,
    );
    expect(within(first).getByText('tutor for q1 on e1')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Left unattempted')).toBeInTheDocument();
    expect(
      within(items[1]!).getByRole('heading', { name: 'Your last answer' }).nextElementSibling,
    ).toHaveTextContent('Not answered');
    expect(within(first).getByRole('button', { name: 'Report a problem' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: "I've got this" })).toBeInTheDocument();
    expect(screen.getByText('11 questions · page 1 of 2')).toBeInTheDocument();
  });

  it('filters by exam, subject and topic through the URL; choosing an exam clears what was below it', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderNotebook('/mistakes?exam=jee-main&subject=physics&topic=kinematics');
    await screen.findAllByRole('article');
    expect(listCalls(calls)[0]?.url.searchParams.toString()).toBe(
      'examSlug=jee-main&subjectSlug=physics&topicSlug=kinematics&page=1&limit=10',
    );

    await user.click(screen.getByRole('combobox', { name: 'Subject' }));
    await user.click(await screen.findByRole('option', { name: 'Chemistry' }));
    expect(router.state.location.search).toBe('?exam=jee-main&subject=chemistry');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url.searchParams.get('subjectSlug')).toBe('chemistry'),
    );
    expect(listCalls(calls).at(-1)?.url.searchParams.get('topicSlug')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Exam' }));
    await user.click(await screen.findByRole('option', { name: 'NEET' }));
    expect(router.state.location.search).toBe('?exam=neet');
  });

  it('pages through the notebook, the page in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderNotebook();
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('tutor for q11 on none')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('"I\'ve got this" dismisses an entry: it leaves the list at once', async () => {
    const user = userEvent.setup();
    const { calls } = renderNotebook('/mistakes', (path, method) =>
      method === 'POST' && path === '/api/v1/mistakes/q1/dismiss'
        ? {
            status: 200,
            body: {
              message: 'Removed from your review queue.',
              data: { questionId: 'q1', dismissedAt: '2026-03-01T11:00:00.000Z' },
            },
          }
        : undefined,
    );
    const [first] = await screen.findAllByRole('article');
    await user.click(within(first!).getByRole('button', { name: "I've got this" }));
    expect(await screen.findByText('Removed from your review queue.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('tutor for q1 on e1')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/v1/mistakes/q1/dismiss',
    ]);
  });

  it('says so when nothing matches the filters', async () => {
    renderNotebook('/mistakes?exam=neet', (path) =>
      path.startsWith('/api/v1/mistakes?') ? ok(mistakesPage([], 0)) : undefined,
    );
    expect(await screen.findByText('No mistakes match these filters.')).toBeInTheDocument();
  });
});

describe('Report a problem', () => {
  it('asks for a reason, sends it with the optional note, and confirms with a toast', async () => {
    const user = userEvent.setup();
    const { calls } = renderNotebook('/mistakes', (path, method) =>
      method === 'POST' && path === '/api/v1/questions/q1/reports'
        ? {
            status: 201,
            body: { message: 'Thank you. The question has been reported and will be checked.', data: null },
          }
        : undefined,
    );
    const [first] = await screen.findAllByRole('article');
    await user.click(within(first!).getByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose a reason first.')).toBeInTheDocument();

    const reasons = within(dialog).getByRole('radiogroup', { name: 'What is wrong with this question?' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['wrong-key', 'typo', 'unclear', 'other']);
    await user.click(within(reasons).getByRole('radio', { name: 'The answer key is wrong' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'The key should be 8.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(
      await screen.findByText('Thank you. The question has been reported and will be checked.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.path === '/api/v1/questions/q1/reports')?.body).toEqual({
      reason: 'wrong-key',
      note: 'The key should be 8.',
    });
  });
});
