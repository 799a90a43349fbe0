import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok, renderAuthScreen, session } from '../auth-test-kit';
import { LoginForm } from './LoginForm';

const setup = () => {
  const user = userEvent.setup();
  const view = renderAuthScreen(<LoginForm />, { route: '/login' });
  return { user, ...view };
};

describe('/login (docs/product.md#sign-in-screens, docs/product.md#validation-messages)', () => {
  it('has Email, Password, Login, Forgot Password?, Register Now', () => {
    fakeServer({});
    setup();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forget-password',
    );
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register');
  });

  it('shows no error before a field is touched, then the messages of docs/product.md#validation-messages', async () => {
    fakeServer({});
    const { user } = setup();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await user.type(email, 'not-an-email');
    expect(screen.queryByText('Invalid Email Format')).not.toBeInTheDocument();
    await user.click(document.body);
    expect(await screen.findByText('Invalid Email Format')).toBeInTheDocument();
    expect(screen.queryByText('Required')).not.toBeInTheDocument(); // the password was not touched

    await user.clear(email);
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(email, 'asha@example.test');
    await waitFor(() => expect(screen.queryByText('Required')).not.toBeInTheDocument());

    await user.click(password);
    await user.click(document.body);
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(password, '12345');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.type(password, '6');
    await waitFor(() =>
      expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument(),
    );
  });

  it('submitting an empty form shows every message and calls nothing', async () => {
    const server = fakeServer({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(server.callsTo('POST', '/api/v1/auth/login')).toHaveLength(0);
  });

  it('signs in: stores at/rt, toasts the server message and sends an unverified user to /verify-user', async () => {
    const server = fakeServer({
      'POST /api/v1/auth/login': ok(session({ verified: false }), 'Login successful'),
    });
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Email'), 'asha@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-user'));
    expect(server.callsTo('POST', '/api/v1/auth/login')[0]?.body).toEqual({
      email: 'asha@example.test',
      password: 'secret-pass',
    });
    expect(localStorage.getItem('at')).toBe('access.jwt.token');
    expect(localStorage.getItem('rt')).toBe('refresh-token-1');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
  });

  it('sends a learner with everything done to /exams', async () => {
    fakeServer({ 'POST /api/v1/auth/login': ok(session(), 'Login successful') });
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Email'), 'asha@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exams'));
  });

  it('a failed sign-in toasts the server message and stays', async () => {
    fakeServer({ 'POST /api/v1/auth/login': fail(401, 'Invalid email or password') });
    const { user, router, store } = setup();
    await user.type(screen.getByLabelText('Email'), 'asha@example.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('at')).toBeNull();
  });

  it('shows the Google button only when the server reports a client id, loading Google only then', async () => {
    fakeServer({
      'GET /api/v1/config': ok({
        googleClientId: 'client-1.apps.googleusercontent.com',
        aiEnabled: false,
        linkedinEnabled: false,
      }),
    });
    const { unmount } = setup();
    expect(await screen.findByTestId('google-sign-in')).toBeInTheDocument();
    expect(screen.getByText('OR')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).not.toBeNull(),
    );
    // Google's "large" button is 40 px high: the space is kept for it.
    expect(screen.getByTestId('google-sign-in')).toHaveStyle({ minHeight: '40px' });
    unmount();
    document.querySelectorAll('script[src*="accounts.google.com"]').forEach((s) => s.remove());
  });

  it('without a client id there is no Google button and no Google script', async () => {
    const server = fakeServer({
      'GET /api/v1/config': ok({ googleClientId: null, aiEnabled: false, linkedinEnabled: false }),
    });
    setup();
    await waitFor(() => expect(server.callsTo('GET', '/api/v1/config')).toHaveLength(1));
    expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });
});
