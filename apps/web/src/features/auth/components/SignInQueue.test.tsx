import { limitMessages, signInQueuedMessage } from '@ai-tutor/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok, renderAuthScreen, session } from '../auth-test-kit';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

/**
 * A class signing in at once fills the server's password-hash queue: its 503 says when to come back
 * (Retry-After), and the form waits its turn, saying so calmly, instead of failing.
 */
const busy = () => fail(503, limitMessages.signInBusy(1), { 'retry-after': '1' });

describe('waiting for the password-hash queue', () => {
  it('sign-in waits Retry-After, says many people are signing in, and goes on when its turn comes', async () => {
    let calls = 0;
    const server = fakeServer({
      'POST /api/v1/auth/login': () => (++calls === 1 ? busy() : ok(session(), 'Login successful')),
    });
    const user = userEvent.setup();
    const { router } = renderAuthScreen(<LoginForm />, { route: '/login' });
    await user.type(screen.getByLabelText('Email'), 'asha@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('status')).toHaveTextContent(signInQueuedMessage);
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/exams'), { timeout: 3000 });
    expect(server.callsTo('POST', '/api/v1/auth/login')).toHaveLength(2);
    // The busy answer was never shown as an error: the learner only saw the wait.
    expect(screen.queryByText(limitMessages.signInBusy(1))).not.toBeInTheDocument();
  });

  it('sign-up waits its turn the same way, without checking the invite code again', async () => {
    let signups = 0;
    const server = fakeServer({
      'GET /api/v1/invitecode/verify/ABCD-EFGH': ok(null, 'Invite code is valid'),
      'POST /api/v1/auth/signup': () =>
        ++signups === 1
          ? busy()
          : { status: 201, body: { message: 'Registered', data: session({ verified: false }) } },
    });
    const user = userEvent.setup();
    const { router } = renderAuthScreen(<RegisterForm />, { route: '/register' });
    await user.type(screen.getByLabelText('Invite Code'), 'ABCD-EFGH');
    await user.type(screen.getByLabelText('Name'), 'Asha Verma');
    await user.type(screen.getByLabelText('Email'), 'asha@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(signInQueuedMessage));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-user'), { timeout: 3000 });
    expect(server.callsTo('POST', '/api/v1/auth/signup')).toHaveLength(2);
    expect(server.callsTo('GET', '/api/v1/invitecode/verify/ABCD-EFGH')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('a wrong password is not retried: 401 is told at once', async () => {
    const server = fakeServer({ 'POST /api/v1/auth/login': fail(401, 'Invalid email or password') });
    const user = userEvent.setup();
    renderAuthScreen(<LoginForm />, { route: '/login' });
    await user.type(screen.getByLabelText('Email'), 'asha@example.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/v1/auth/login')).toHaveLength(1);
  });
});
