import type { QuestionForEdit, TranslationForEdit } from '@ai-tutor/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls, type Call, type Reply } from '../../test/server';
import { preloadConsole } from '../../test/preload-console';

preloadConsole();

/** A question's translations in the editor (docs/languages.md#the-console). */

const hindi = (overrides: Partial<TranslationForEdit> = {}): TranslationForEdit => ({
  lang: 'hi',
  text: 'कौन-सा लेंस प्रकाश को अभिसरित करता है?',
  options: ['उत्तल', 'अवतल', 'समतल'],
  explanation: null,
  hints: [],
  passage: null,
  status: 'approved',
  source: 'import',
  updatedAt: '2026-11-28T01:00:00.000Z',
  ...overrides,
});

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
  topics: [],
  updatedAt: '2026-11-28T01:00:00.000Z',
  warnings: [],
  languages: {
    exam: { slug: 'bi-exam', name: 'Bilingual Exam' },
    own: 'en',
    authoritative: 'en',
    others: ['hi'],
  },
  translations: [hindi()],
  ...overrides,
});

const ok = (data: unknown): Reply => ({ body: { message: 'ok', data } });

/** The editor's calls; `more` answers the rest (the save, an approval, the AI's drafts). */
function editorServer(
  opened: QuestionForEdit,
  more: (call: Call) => Reply | undefined = () => undefined,
  ai = false,
) {
  return answerCalls((call) => {
    const { pathname } = call.url;
    if (pathname === '/api/v1/config')
      return ok({ googleClientId: null, aiEnabled: ai, linkedinEnabled: false });
    if (pathname === '/api/v1/admin/questions/q1/edit' && call.method === 'GET') return ok(opened);
    if (pathname === '/api/v1/admin/questions/q1/versions') return ok({ versions: [] });
    return more(call);
  });
}

const open = async (roles: ('editor' | 'admin')[] = ['editor']) => {
  renderRoutes(routes, '/admin/questions/q1', testUser({ roles }));
  return screen.findByLabelText('Question text (हिन्दी)', {}, { timeout: 10_000 });
};

describe('translations in the question editor', () => {
  it('edits the Hindi beside the English, previews it in Hindi, and saves it with the question', async () => {
    const calls = editorServer(question(), (call) =>
      call.method === 'PUT'
        ? ok({
            question: question({ version: 2, translations: [hindi({ text: 'नया पाठ' })] }),
            newVersion: true,
          })
        : undefined,
    );
    const text = await open();
    expect(text).toHaveValue('कौन-सा लेंस प्रकाश को अभिसरित करता है?');
    expect(text).toHaveAttribute('lang', 'hi');
    expect(screen.getByLabelText('Question text (English)')).toHaveValue('Which lens converges light?');
    expect(screen.getByText('Approved: learners see it')).toBeInTheDocument();

    // The preview in Hindi: the learner's own screens given the Hindi texts, marked lang="hi".
    await userEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    const phone = screen.getByRole('figure', { name: 'Phone (360 px)' });
    await waitFor(() => expect(within(phone).getAllByText(/अभिसरित/).length).toBeGreaterThan(0));
    expect(phone.querySelector('[lang="hi"]')).not.toBeNull();

    fireEvent.change(screen.getByLabelText('Option B (हिन्दी)'), { target: { value: 'अवतल लेंस' } });
    await waitFor(() => expect(within(phone).getAllByText('अवतल लेंस').length).toBeGreaterThan(0));
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Translations' })).getByRole('button', { name: 'Save' }),
    );
    await screen.findByText('Saved as version 2.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      baseVersion: 1,
      translations: [{ lang: 'hi', options: ['उत्तल', 'अवतल लेंस', 'समतल'] }],
    });
  }, 90_000);

  it("shows the server's errors at the translation's fields", async () => {
    editorServer(question(), (call) =>
      call.method === 'PUT'
        ? {
            status: 400,
            body: {
              message: 'The question has problems: see each field.',
              data: null,
              errors: [
                { path: 'translations.hi.options.1', message: 'the translated option is empty' },
                {
                  path: 'translations.hi.options',
                  message: 'it has 2 options; the question has 3, in the same order',
                },
              ],
            },
          }
        : undefined,
    );
    await open();
    fireEvent.change(screen.getByLabelText('Option B (हिन्दी)'), { target: { value: '' } });
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Translations' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('the translated option is empty')).toBeInTheDocument();
    expect(screen.getByLabelText('Option B (हिन्दी)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/it has 2 options; the question has 3/)).toBeInTheDocument();
  }, 90_000);

  it('shows a draft as unseen by learners; an admin approves it', async () => {
    const draft = question({ translations: [hindi({ status: 'draft', source: 'ai' })] });
    const calls = editorServer(draft, (call) =>
      call.url.pathname === '/api/v1/admin/questions/q1/translations/hi/approve'
        ? ok({ question: question({ version: 2 }), newVersion: true })
        : undefined,
    );
    await open(['admin']);
    expect(screen.getByText('Draft (by the AI): learners do not see it')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve हिन्दी' }));
    expect(await screen.findByText(/translation is approved: version 2/)).toBeInTheDocument();
    expect(screen.getByText('Approved: learners see it')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/hi/approve'))).toBe(true);
  }, 90_000);

  it('an admin rejects a draft: a refusal is shown, and once done the editor reloads without it', async () => {
    const draft = question({ translations: [hindi({ status: 'draft', source: 'ai' })] });
    let rejected = 0;
    const calls = editorServer(draft, (call) =>
      call.url.pathname === '/api/v1/admin/questions/q1/translations/hi/reject'
        ? ++rejected > 1
          ? ok({ question: question({ translations: [] }), newVersion: false })
          : {
              status: 409,
              body: {
                message:
                  'This question has no draft translation in that language (approved already, or none).',
                data: null,
              },
            }
        : undefined,
    );
    await open(['admin']);
    await userEvent.click(screen.getByRole('button', { name: 'Reject हिन्दी' }));
    expect(await screen.findByText(/has no draft translation in that language/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject हिन्दी' }));
    expect(await screen.findByText('The हिन्दी draft is rejected and deleted.')).toBeInTheDocument();
    expect(screen.getByText('None yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject हिन्दी' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/hi/reject'))).toHaveLength(2);
  }, 90_000);

  it('offers no Approve to an editor and no Translate without an AI provider', async () => {
    editorServer(question({ translations: [hindi({ status: 'draft', source: 'ai' })] }));
    await open(['editor']);
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Translate/ })).not.toBeInTheDocument();
  }, 90_000);

  it('has the AI draft the missing Hindi of the question, and of its exam as a job', async () => {
    let polls = 0;
    const job = {
      id: 'job1',
      exam: 'bi-exam',
      lang: 'hi',
      startedAt: '2026-11-28T01:00:00.000Z',
      failure: null,
    };
    const calls = editorServer(
      question({ translations: [] }),
      (call) => {
        const { pathname } = call.url;
        if (pathname === '/api/v1/admin/questions/q1/translations/draft')
          return ok({
            question: question({ translations: [hindi({ status: 'draft', source: 'ai' })] }),
            outcomes: [{ lang: 'hi', saved: ['q1'], rejected: [], stoppedBecause: null }],
          });
        if (pathname === '/api/v1/admin/exams/bi-exam/translations/draft')
          return {
            status: 202,
            body: {
              message: 'ok',
              data: { ...job, state: 'running', processed: 0, total: 3, outcome: null },
            },
          };
        if (pathname === '/api/v1/admin/translation-jobs/job1')
          return ok(
            ++polls < 2
              ? { ...job, state: 'running', processed: 1, total: 3, outcome: null }
              : {
                  ...job,
                  state: 'done',
                  processed: 3,
                  total: 3,
                  outcome: { lang: 'hi', saved: ['a', 'b', 'c'], rejected: [], stoppedBecause: null },
                },
          );
        return undefined;
      },
      true,
    );
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Translate with AI (हिन्दी)' }));
    expect(await screen.findByText(/Drafted by the AI: हिन्दी/)).toBeInTheDocument();
    expect(screen.getByText('Draft (by the AI): learners do not see it')).toBeInTheDocument();
    expect(screen.getByLabelText('Question text (हिन्दी)')).toHaveValue('कौन-सा लेंस प्रकाश को अभिसरित करता है?');

    await userEvent.click(
      screen.getByRole('button', { name: 'Translate every question of Bilingual Exam missing हिन्दी' }),
    );
    expect(await screen.findByText('3 drafts saved for review.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname.endsWith('/exams/bi-exam/translations/draft'))?.body).toEqual({
      lang: 'hi',
    });
  }, 90_000);
});
