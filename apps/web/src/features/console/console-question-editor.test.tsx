import type { QuestionForEdit } from '@ai-tutor/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';
import { preloadConsole } from '../../test/preload-console';

preloadConsole();

const question = (overrides: Partial<QuestionForEdit> = {}): QuestionForEdit => ({
  id: 'q1',
  version: 1,
  type: 'single',
  text: 'Which lens converges light?',
  options: ['convex', 'concave', 'plane'],
  key: { type: 'single', answer: 'convex' },
  explanation: 'A convex lens brings rays together.',
  hints: [],
  passage: null,
  topicSlug: null,
  status: 'approved',
  dropped: false,
  subject: { name: 'Physics', slug: 'physics' },
  topics: [{ slug: 'optics', name: 'Optics' }],
  updatedAt: '2026-11-28T01:00:00.000Z',
  warnings: [],
  languages: { exam: null, own: 'en', authoritative: 'en', others: [] },
  translations: [],
  ...overrides,
});

const versions = {
  versions: [
    { version: 2, editor: 'Asha Editor', createdAt: '2026-11-28T02:00:00.000Z', current: true },
    { version: 1, editor: null, createdAt: '2026-11-27T02:00:00.000Z', current: false },
  ],
};
const content = (version: number, text: string) => ({
  version,
  type: 'single',
  text,
  options: ['convex', 'concave', 'plane'],
  key: 'convex',
  explanation: null,
  hints: [],
  passage: null,
});

/** The editor's calls: the question, its versions, a diff; `put` answers the save. */
function editorServer(put: (body: unknown) => { status?: number; body: unknown }) {
  return answerCalls(({ url, method, body }) => {
    if (url.pathname === '/api/v1/admin/questions/q1/edit')
      return method === 'PUT' ? put(body) : { body: { message: 'ok', data: question() } };
    if (url.pathname === '/api/v1/admin/questions/q1/versions')
      return { body: { message: 'ok', data: versions } };
    if (url.pathname === '/api/v1/admin/questions/q1/versions/diff')
      return {
        body: {
          message: 'ok',
          data: {
            from: content(1, 'Which lens converges light?'),
            to: content(2, 'Which lens focuses light?'),
            changed: ['text'],
          },
        },
      };
    return undefined;
  });
}

const open = async () => {
  renderRoutes(routes, '/admin/questions/q1', testUser({ roles: ['editor'] }));
  // the console is a lazy chunk: its first load takes a while in a test
  return screen.findByLabelText('Question text', {}, { timeout: 10_000 });
};

describe('the question editor', () => {
  it('previews the question as the test and the result draw it, on a phone and a laptop, and saves it', async () => {
    const calls = editorServer((body) => ({
      body: {
        message: 'Saved as version 2.',
        data: { question: question({ ...(body as object), version: 2 }), newVersion: true },
      },
    }));
    const text = await open();
    // The previews scroll sideways in a box a keyboard can reach (nothing inside them takes the focus).
    expect(screen.getByRole('group', { name: 'Previews (scroll sideways)' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    const phone = screen.getByRole('figure', { name: 'Phone (360 px)' });
    const laptop = screen.getByRole('figure', { name: 'Laptop (1024 px)' });
    // The quiz's own panel: a phone's action bar has the short labels, a laptop's the long ones.
    expect(within(phone).getByText('Mark')).toBeInTheDocument();
    expect(within(laptop).getByText('Mark for Review')).toBeInTheDocument();
    // The result's own question list: cards on a phone, a table on a laptop.
    expect(within(laptop).getByRole('table')).toBeInTheDocument();
    expect(within(phone).queryByRole('table')).not.toBeInTheDocument();

    fireEvent.change(text, { target: { value: 'Which lens focuses light, $f > 0$?' } });
    await waitFor(() =>
      expect(within(phone).getAllByText(/Which lens focuses light/).length).toBeGreaterThan(0),
    );
    expect(within(laptop).getAllByText(/Which lens focuses light/).length).toBeGreaterThan(0);

    // Retyping the right option keeps it the key.
    fireEvent.change(screen.getByLabelText('Option A'), { target: { value: 'convex lens' } });
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Edit the question' })).getByRole('button', { name: 'Save' }),
    );
    await screen.findByText('Saved as version 2.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      text: 'Which lens focuses light, $f > 0$?',
      options: ['convex lens', 'concave', 'plane'],
      key: { type: 'single', answer: 'convex lens' },
      baseVersion: 1,
      status: 'approved',
    });
  }, 90_000);

  it('edits a numerical question as a range, with hints and a passage', async () => {
    const calls = editorServer((body) => ({
      body: {
        message: 'Saved as version 2.',
        data: { question: question({ ...(body as object), version: 2 }), newVersion: true },
      },
    }));
    await open();
    await userEvent.click(screen.getByLabelText('Type'));
    await userEvent.click(await screen.findByRole('option', { name: 'Numerical' }));
    expect(screen.queryByLabelText('Option A')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'A range' }));
    fireEvent.change(screen.getByLabelText('Lowest right'), { target: { value: '0.49' } });
    fireEvent.change(screen.getByLabelText('Highest right'), { target: { value: '0.51' } });
    fireEvent.change(screen.getByLabelText('Hint 1'), { target: { value: 'Power is $1/f$.' } });
    fireEvent.change(screen.getByLabelText('Passage (shared with other questions)'), {
      target: { value: 'A shop sells lenses.' },
    });
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Edit the question' })).getByRole('button', { name: 'Save' }),
    );
    await screen.findByText('Saved as version 2.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      type: 'numerical',
      options: [],
      key: { type: 'numerical', min: 0.49, max: 0.51, value: null },
      hints: ['Power is $1/f$.'],
      passage: 'A shop sells lenses.',
    });
  }, 90_000);

  it("shows each of the server's errors at its field", async () => {
    editorServer(() => ({
      status: 400,
      body: {
        message: 'The question has problems: see each field.',
        data: null,
        errors: [
          { path: 'text', message: 'the formula \\frac{1}{f cannot be read: Expected group' },
          { path: 'hints.0', message: 'the formula \\sqrt{}} cannot be read' },
        ],
      },
    }));
    const text = await open();
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Edit the question' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText(/\\frac\{1\}\{f cannot be read/)).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Hint 1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The question has problems: see each field.')).toBeInTheDocument();
  }, 90_000);

  it('lists the versions and shows what changed between two', async () => {
    editorServer(() => ({ body: {} }));
    await open();
    const list = await screen.findByRole('list', { name: 'Versions' });
    expect(
      within(list).getByText(/Version 2 \(learners are given this one\) — Asha Editor/),
    ).toBeInTheDocument();
    const change = await screen.findByRole('region', { name: 'Question text changed' });
    expect(within(change).getByLabelText('Version 1')).toHaveTextContent('Which lens converges light?');
    expect(within(change).getByLabelText('Version 2')).toHaveTextContent('Which lens focuses light?');
  }, 90_000);

  it('lists the version just saved in the history', async () => {
    let saved = false;
    answerCalls(({ url, method, body }) => {
      if (url.pathname === '/api/v1/admin/questions/q1/edit') {
        if (method !== 'PUT') return { body: { message: 'ok', data: question() } };
        saved = true;
        return {
          body: {
            message: 'Saved as version 2.',
            data: { question: question({ ...(body as object), version: 2 }), newVersion: true },
          },
        };
      }
      if (url.pathname === '/api/v1/admin/questions/q1/versions')
        return { body: { message: 'ok', data: saved ? versions : { versions: versions.versions.slice(1) } } };
      return undefined;
    });
    const text = await open();
    const list = await screen.findByRole('list', { name: 'Versions' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    fireEvent.change(text, { target: { value: 'Which lens focuses light?' } });
    await userEvent.click(
      within(screen.getByRole('form', { name: 'Edit the question' })).getByRole('button', { name: 'Save' }),
    );
    await screen.findByText('Saved as version 2.');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('listitem')).toHaveLength(2),
    );
  }, 90_000);
});
