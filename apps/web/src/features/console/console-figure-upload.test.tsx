import type { QuestionForEdit } from '@ai-tutor/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';
import { preloadConsole } from '../../test/preload-console';

preloadConsole();

const SHA = 'a'.repeat(64);
const question: QuestionForEdit = {
  id: 'q1',
  version: 1,
  type: 'single',
  text: 'Which lens converges light?',
  options: ['convex', 'concave', 'plane'],
  key: { type: 'single', answer: 'convex' },
  explanation: null,
  hints: [],
  passage: null,
  topicSlug: null,
  status: 'approved',
  dropped: false,
  subject: { name: 'Physics', slug: 'physics' },
  topics: [],
  updatedAt: '2026-11-28T01:00:00.000Z',
  warnings: [],
  languages: { exam: null, own: 'en', authoritative: 'en', others: [] },
  translations: [],
};

type Upload = { alt: string; content: string };

/** The editor's calls; `upload` answers the figure's POST. */
function editorServer(upload: (body: Upload) => { status?: number; body: unknown }) {
  return answerCalls(({ url, method, body }) => {
    if (url.pathname === '/api/v1/admin/questions/q1/edit')
      return method === 'PUT'
        ? {
            body: {
              message: 'Saved as version 2.',
              data: { question: { ...question, ...(body as object), version: 2 }, newVersion: true },
            },
          }
        : { body: { message: 'ok', data: question } };
    if (url.pathname === '/api/v1/admin/questions/q1/versions')
      return { body: { message: 'ok', data: { versions: [] } } };
    if (url.pathname === '/api/v1/admin/questions/q1/figures' && method === 'POST')
      return upload(body as Upload);
    return undefined;
  });
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'lens.png', { type: 'image/png' });

async function open() {
  renderRoutes(routes, '/admin/questions/q1', testUser({ roles: ['editor'] }));
  await screen.findByLabelText('Question text', {}, { timeout: 10_000 });
  return screen.getByRole('region', { name: 'Figures' });
}

describe('uploading a figure in the editor', () => {
  it('sends the file and its alt text, puts the figure in the chosen option (the key follows), previews and saves it', async () => {
    const calls = editorServer((body) => ({
      status: 201,
      body: {
        message: 'Figure uploaded',
        data: {
          sha256: SHA,
          contentType: 'image/png',
          bytes: 4,
          alt: body.alt,
          markup: `![${body.alt}](media:${SHA})`,
        },
      },
    }));
    const figures = await open();
    await userEvent.upload(
      within(figures).getByLabelText('Figure file (png, jpeg, webp, gif or svg; at most 2 MB)'),
      png(),
    );
    fireEvent.change(within(figures).getByLabelText(/Alt text/), { target: { value: 'a convex lens' } });
    await userEvent.click(within(figures).getByLabelText('Put it in'));
    await userEvent.click(await screen.findByRole('option', { name: 'option A' }));
    await userEvent.click(within(figures).getByRole('button', { name: 'Upload figure' }));

    await within(figures).findByText('Figure added to option A. Save to make it part of a new version.');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ alt: 'a convex lens', content: btoa('\x89PNG') });
    const markup = `![a convex lens](media:${SHA})`;
    expect(screen.getByLabelText('Option A')).toHaveValue(`convex ${markup}`);
    // The preview draws the figure from the server's address at once.
    await waitFor(() =>
      expect(
        within(screen.getByRole('figure', { name: 'Laptop (1024 px)' })).getAllByRole('img', {
          name: 'a convex lens',
        })[0],
      ).toHaveAttribute('src', expect.stringContaining(`/api/v1/media/${SHA}`)),
    );

    await userEvent.click(
      within(screen.getByRole('form', { name: 'Edit the question' })).getByRole('button', { name: 'Save' }),
    );
    await screen.findByText('Saved as version 2.');
    // The form's one status now is the save's.
    expect(within(figures).queryByRole('status')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      options: [`convex ${markup}`, 'concave', 'plane'],
      key: { type: 'single', answer: `convex ${markup}` },
    });
  }, 90_000);

  it('asks for alt text before sending, and shows the server refusing the file at the file field', async () => {
    const calls = editorServer(() => ({
      status: 400,
      body: {
        message: 'The figure was refused: the figure is not a png, jpeg, webp, gif or svg image.',
        data: null,
        errors: [
          {
            path: 'content',
            message: 'The figure was refused: the figure is not a png, jpeg, webp, gif or svg image.',
          },
        ],
      },
    }));
    const figures = await open();
    const file = within(figures).getByLabelText('Figure file (png, jpeg, webp, gif or svg; at most 2 MB)');
    await userEvent.upload(file, png());
    await userEvent.click(within(figures).getByRole('button', { name: 'Upload figure' }));
    expect(
      await within(figures).findByText('Describe the figure (alt text is required).'),
    ).toBeInTheDocument();
    expect(within(figures).getByLabelText(/Alt text/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(figures).getByLabelText(/Alt text/), { target: { value: 'a lens' } });
    await userEvent.click(within(figures).getByRole('button', { name: 'Upload figure' }));
    expect(await within(figures).findByRole('alert')).toHaveTextContent(/not a png, jpeg, webp, gif or svg/);
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Question text')).toHaveValue('Which lens converges light?');
  }, 90_000);
});
