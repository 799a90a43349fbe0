import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { answerCalls } from '../../../test/server';
import { DeleteAccount } from './DeleteAccount';

const button = () => screen.getByRole('button', { name: 'Delete my account' });

describe('DeleteAccount', () => {
  it('works only once DELETE is typed and the password given, then deletes and reports back', async () => {
    const calls = answerCalls((call) =>
      call.method === 'DELETE'
        ? { body: { message: 'Your account has been deleted.', data: { id: 'u1', deletedAt: 'now' } } }
        : undefined,
    );
    const onDeleted = vi.fn();
    renderPage(<DeleteAccount onDeleted={onDeleted} />, { user: testUser() });
    const user = userEvent.setup();

    expect(button()).toBeDisabled();
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    await user.type(screen.getByLabelText('Password'), 'right-pass');
    // Lower case is not the confirmation.
    expect(button()).toBeDisabled();
    await user.clear(screen.getByLabelText('Type DELETE to confirm'));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(button()).toBeEnabled();
    await user.click(button());

    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        path: '/api/v1/users/me',
        body: { password: 'right-pass' },
      }),
    ]);
  });

  it('shows the server’s refusal of a wrong password and stays', async () => {
    answerCalls(() => ({
      status: 403,
      body: { message: 'The password is not right. Nothing was deleted.', data: null },
    }));
    const onDeleted = vi.fn();
    renderPage(<DeleteAccount onDeleted={onDeleted} />, { user: testUser() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(button());

    expect(await screen.findByText('The password is not right. Nothing was deleted.')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(button()).toBeEnabled();
  });
});
