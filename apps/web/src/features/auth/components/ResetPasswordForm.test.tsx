import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ResetPasswordPage from '../../../app/routes/reset-password';
import { fail, fakeServer, ok, renderAuthScreen } from '../auth-test-kit';

const setup = (path = '/reset-password?token=tok-123') => ({
  user: userEvent.setup(),
  ...renderAuthScreen(<ResetPasswordPage />, { route: '/reset-password', path }),
});
const password = () => screen.getByLabelText('Password');
const confirm = () => screen.getByLabelText('Confirm Password');

describe('/reset-password (docs/product.md#sign-in-screens, docs/product.md#validation-messages)', () => {
  it('shows every message of docs/product.md#validation-messages once the fields are touched', async () => {
    fakeServer({});
    const { user } = setup();
    expect(document.querySelectorAll('.Mui-error')).toHaveLength(0);
    await user.click(password());
    await user.click(confirm());
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await user.click(document.body);
    expect(await screen.findByText('Confirm Password is required')).toBeInTheDocument();
    await user.type(password(), 'abc');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.type(password(), 'defg');
    await user.type(confirm(), 'abcdefX');
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    await user.clear(confirm());
    await user.type(confirm(), 'abcdefg');
    await waitFor(() => expect(screen.queryByText('Passwords must match')).not.toBeInTheDocument());
  });

  it('sends the token from the query with the new password and goes to /login', async () => {
    const server = fakeServer({
      'POST /api/v1/auth/reset-password': ok(
        null,
        'Your password has been reset. Please sign in with your new password.',
      ),
    });
    const { user, router } = setup();
    await user.type(password(), 'new-secret');
    await user.type(confirm(), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.callsTo('POST', '/api/v1/auth/reset-password')[0]?.body).toEqual({
      token: 'tok-123',
      password: 'new-secret',
    });
    expect(await screen.findByText(/Your password has been reset/)).toBeInTheDocument();
  });

  it('a refused token toasts the server message and stays', async () => {
    fakeServer({
      'POST /api/v1/auth/reset-password': fail(
        400,
        'This password reset link is invalid or has expired. Please start again.',
      ),
    });
    const { user, router } = setup();
    await user.type(password(), 'new-secret');
    await user.type(confirm(), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(/invalid or has expired/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('without a token it says so and cannot submit', () => {
    fakeServer({});
    setup('/reset-password');
    expect(screen.getByText(/has no reset token/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  });
});
