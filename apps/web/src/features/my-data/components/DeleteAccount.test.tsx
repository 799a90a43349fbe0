import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { answerCalls, type Call } from '../../../test/server';
import { DeleteAccount } from './DeleteAccount';

// Google's button draws itself from Google's script; here it is a button that signs in at once.
vi.mock('@react-oauth/google', () => ({
  GoogleOAuthProvider: ({ children }: { children: ReactNode }) => children,
  GoogleLogin: ({ onSuccess }: { onSuccess: (response: { credential?: string }) => void }) => (
    <button type="button" onClick={() => onSuccess({ credential: 'fresh-google-id-token' })}>
      Continue with Google
    </button>
  ),
}));

const button = () => screen.getByRole('button', { name: 'Delete my account' });
const googleConfig = (call: Call) =>
  call.path === '/api/v1/config'
    ? {
        body: {
          message: 'ok',
          data: {
            googleClientId: 'client-1.apps.googleusercontent.com',
            aiEnabled: false,
            linkedinEnabled: false,
          },
        },
      }
    : undefined;

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
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
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

  it('without Google sign-in on the server, offers only the password (and how to set one)', async () => {
    const calls = answerCalls(() => undefined);
    renderPage(<DeleteAccount onDeleted={vi.fn()} />, { user: testUser() });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v1/config')).toBe(true));
    expect(screen.getByText(/Set a password first with “Forgot Password\?”/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('a Google account confirms with Google: the fresh token is sent, still with DELETE typed', async () => {
    const calls = answerCalls(
      (call) =>
        googleConfig(call) ??
        (call.method === 'DELETE'
          ? { body: { message: 'Your account has been deleted.', data: { id: 'u1', deletedAt: 'now' } } }
          : undefined),
    );
    const onDeleted = vi.fn();
    renderPage(<DeleteAccount onDeleted={onDeleted} />, { user: testUser() });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Confirm with Google' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(
      screen.getByText('Confirmed with Google. Press “Delete my account” to finish.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    // Google alone is not enough: DELETE must be typed too.
    expect(button()).toBeDisabled();
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(button());

    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: '/api/v1/users/me', body: { googleIdToken: 'fresh-google-id-token' } }),
    ]);
  });

  it('a refused Google sign-in is shown, and Google is asked again (or the password used)', async () => {
    answerCalls(
      (call) =>
        googleConfig(call) ?? {
          status: 403,
          body: {
            message: 'That Google sign-in is not this account’s, or too old. Nothing was deleted.',
            data: null,
          },
        },
    );
    const onDeleted = vi.fn();
    renderPage(<DeleteAccount onDeleted={onDeleted} />, { user: testUser() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await user.click(button());

    expect(
      await screen.findByText('That Google sign-in is not this account’s, or too old. Nothing was deleted.'),
    ).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(button()).toBeDisabled();
  });
});
