import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok, renderAuthScreen } from '../auth-test-kit';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { ResetPasswordForm } from './ResetPasswordForm';

/** A server validation error reaches the learner as a plain sentence on its field, never as a path. */
const invalid = (path: string, message: string) => ({
  status: 400,
  body: { message: `${path}: ${message}`, data: null, errors: [{ path, message }] },
});

describe('server validation errors on the form', () => {
  it("register: 'body.confirmPassword: Passwords must match' becomes a sentence on Confirm Password", async () => {
    fakeServer({
      'GET /api/v1/invitecode/verify/ABCD-EFGH': ok(null),
      'POST /api/v1/auth/signup': invalid('body.confirmPassword', 'Passwords must match'),
    });
    const user = userEvent.setup();
    renderAuthScreen(<RegisterForm />, { route: '/register' });
    await user.type(screen.getByLabelText('Invite Code'), 'ABCD-EFGH');
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-pasz');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const confirm = screen.getByLabelText('Confirm Password');
    await waitFor(() => expect(confirm).toHaveAttribute('aria-invalid', 'true'));
    expect(confirm).toHaveAccessibleDescription('Passwords must match.');
    expect(screen.queryByText(/body\.confirmPassword/)).not.toBeInTheDocument();
    expect(screen.getAllByText('Passwords must match.').length).toBeGreaterThanOrEqual(1);
  });

  it('reset password: an error on password lands on the Password field', async () => {
    fakeServer({
      'POST /api/v1/auth/reset-password': invalid('body.password', 'password must be at most 128 characters'),
    });
    const user = userEvent.setup();
    renderAuthScreen(<ResetPasswordForm token="tok" />, {
      route: '/reset-password',
      path: '/reset-password?token=tok',
    });
    const password = screen.getByLabelText('Password');
    await user.type(password, 'secret-pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription('Password must be at most 128 characters.');
  });

  it('login: an error on email lands on the Email field as a sentence, and goes once the email changes', async () => {
    fakeServer({
      'POST /api/v1/auth/login': invalid('body.email', 'email must be at most 254 characters'),
    });
    const user = userEvent.setup();
    renderAuthScreen(<LoginForm />, { route: '/login' });
    const email = screen.getByLabelText('Email');
    await user.type(email, 'asha@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Email must be at most 254 characters.');
    expect(email).toHaveFocus();
    expect(screen.queryByText(/body\.email/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');
    await user.type(email, 'x');
    expect(email).toHaveAttribute('aria-invalid', 'false');
  });
});
