import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { evalId, mockServer, renderQuiz, T0 } from './quiz-test-kit';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/**
 * Moving past a blank question sends nothing (Save & Next, docs/product.md), so the submit tells the server
 * which questions were opened: a blank one never reached must not enter the review queue.
 */
describe('submitting reports the questions opened', () => {
  it('sends the opened questions, not the ones never reached', async () => {
    const server = mockServer();
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    expect(await screen.findByRole('heading', { name: 'Question - 2' })).toBeInTheDocument();
    expect(server.saves()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Submit' }));
    await waitFor(() => expect(server.of('POST', /\/submit$/)).toHaveLength(1));
    expect(server.of('POST', /\/submit$/)[0]?.body).toEqual({ visited: [evalId(1), evalId(2)] });
  });
});
