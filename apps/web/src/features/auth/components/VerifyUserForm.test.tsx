import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../test/render';
import { fail, fakeServer, ok, renderAuthScreen, session } from '../auth-test-kit';
import { VerifyUserForm } from './VerifyUserForm';

const unverified = testUser({ verified: false, name: 'Asha Verma', email: 'asha@example.test' });
const setup = () => ({
  user: userEvent.setup(),
  ...renderAuthScreen(<VerifyUserForm />, { route: '/verify-user', user: unverified }),
});
const digit = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });

describe('/verify-user (docs/product.md#account-checks)', () => {
  it('greets the user by name and shows six single-digit boxes, Verify and Resend', () => {
    fakeServer({});
    setup();
    expect(screen.getByRole('heading', { name: /Asha Verma/ })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ })).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
  });

  it('sends {email, emailOtp: Number(code)}, stores the session and moves on', async () => {
    const server = fakeServer({
      'POST /api/v1/auth/verify-user': ok(
        { user: testUser({ verified: true }), tokens: { access_token: 'at-2', refresh_token: 'rt-2' } },
        'Your account has been verified',
      ),
    });
    const { user, router, store } = setup();
    await user.click(digit(1));
    await user.keyboard('004200');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exams'));
    expect(server.callsTo('POST', '/api/v1/auth/verify-user')[0]?.body).toEqual({
      email: 'asha@example.test',
      emailOtp: 4200,
    });
    expect(localStorage.getItem('at')).toBe('at-2');
    expect(localStorage.getItem('rt')).toBe('rt-2');
    expect(store.getState().auth.user?.verified).toBe(true);
    expect(await screen.findByText('Your account has been verified')).toBeInTheDocument();
  });

  it('a verified user without an invite code goes on to /verify-invite', async () => {
    fakeServer({
      'POST /api/v1/auth/verify-user': ok(
        session({ usedInviteCode: null }),
        'Your account has been verified',
      ),
    });
    const { user, router } = setup();
    await user.click(digit(1));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-invite'));
  });

  it('a wrong code toasts the server message', async () => {
    fakeServer({ 'POST /api/v1/auth/verify-user': fail(400, 'Incorrect code. 4 tries left.') });
    const { user } = setup();
    await user.click(digit(1));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Incorrect code. 4 tries left.')).toBeInTheDocument();
  });

  it('Resend calls resend-user-otp without a payload; a 429 counts down the server wait', async () => {
    const server = fakeServer({
      'POST /api/v1/auth/resend-user-otp': fail(429, 'Please wait before requesting another code (42 s).', {
        'retry-after': '42',
      }),
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Please wait before requesting another code (42 s).')).toBeInTheDocument();
    const button = await screen.findByRole('button', { name: /^Resend in 0:4[12]$/ });
    expect(button).toBeDisabled();
    expect(server.callsTo('POST', '/api/v1/auth/resend-user-otp')[0]?.body).toBeUndefined();
  });
});
