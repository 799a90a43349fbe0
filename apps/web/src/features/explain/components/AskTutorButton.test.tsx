import { aiMessages } from '@ai-tutor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { fail, mockFetch, ok, type Call, type Reply } from '../../../test/api-replies';
import { AskTutorButton } from './AskTutorButton';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const CONFIG = (aiEnabled: boolean) => ok({ googleClientId: null, aiEnabled, linkedinEnabled: false });
/** The fake server: GET /v1/config says an AI provider is configured; the rest goes to `handle`. */
const withAi = (handle: (call: Call) => Reply) => (call: Call) =>
  call.path === '/api/v1/config' ? CONFIG(true) : handle(call);

describe('AskTutorButton without an AI provider', () => {
  it('is not offered: it would only repeat the stored explanation', async () => {
    const calls = mockFetch((call) => (call.path === '/api/v1/config' ? CONFIG(false) : fail(500)));
    renderPage(<AskTutorButton evaluationId="e1" />);
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/v1/config']));
    expect(screen.queryByRole('button', { name: 'Ask AI tutor' })).not.toBeInTheDocument();
  });
});

describe('AskTutorButton', () => {
  it('asks the server about this evaluation and shows the AI explanation in place', async () => {
    const calls = mockFetch(
      withAi(() =>
        ok({
          explanation:
            'Why your answer was tempting: It looks like energy.\n\nHow to reach the right answer: Use $F = ma$.',
          aiGenerated: true,
          cached: false,
          notice: null,
        }),
      ),
    );
    const onRowClick = vi.fn();
    renderPage(
      <div onClick={onRowClick}>
        <AskTutorButton evaluationId="e42" />
      </div>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Ask AI tutor' }));

    const region = await screen.findByRole('region', { name: 'AI tutor explanation' });
    expect(calls.filter((c) => c.path !== '/api/v1/config')).toHaveLength(1);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/v1/evaluations/e42/explain' });
    expect(within(region).getByText('Written by the AI tutor')).toBeInTheDocument();
    expect(
      within(region).getByText('Why your answer was tempting: It looks like energy.'),
    ).toBeInTheDocument();
    expect(within(region).getByText(/How to reach the right answer/)).toBeInTheDocument();
    expect(region.querySelector('.katex')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask AI tutor' })).not.toBeInTheDocument();
    // The click stayed with the button: the result row around it did not toggle.
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('says clearly when the AI tutor failed and the explanation is not AI-made', async () => {
    mockFetch(
      withAi(() =>
        ok({
          explanation: 'Force is measured in newtons.',
          aiGenerated: false,
          cached: false,
          notice: aiMessages.notConfigured,
        }),
      ),
    );
    renderPage(<AskTutorButton evaluationId="e1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask AI tutor' }));
    const region = await screen.findByRole('region', { name: 'AI tutor explanation' });
    expect(within(region).getByText('Not written by the AI tutor')).toBeInTheDocument();
    expect(within(region).getByText(aiMessages.notConfigured)).toBeInTheDocument();
    expect(within(region).getByText('Force is measured in newtons.')).toBeInTheDocument();
  });

  it('shows the server’s message when rate-limited and lets the learner try again', async () => {
    let n = 0;
    mockFetch(
      withAi(() =>
        ++n === 1
          ? fail(429, 'Too many requests. Please try again later.')
          : ok({ explanation: 'Now it works.', aiGenerated: true, cached: false, notice: null }),
      ),
    );
    renderPage(<AskTutorButton evaluationId="e1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask AI tutor' }));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask AI tutor' }));
    expect(await screen.findByText('Now it works.')).toBeInTheDocument();
    expect(screen.queryByText('Too many requests. Please try again later.')).not.toBeInTheDocument();
  });
});
