import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok, renderAuthScreen } from '../auth-test-kit';
import { ForgotPasswordForm } from './ForgotPasswordForm';

const setup = () => ({
  user: userEvent.setup(),
  ...renderAuthScreen(<ForgotPasswordForm />, { route: '/forget-password' }),
});

describe('/forget-password (docs/product.md#sign-in-screens, docs/product.md#validation-messages)', () => {
  it("has 'Forgot Password?', Email, Request OTP and Sign In", () => {
    fakeServer({});
    setup();
    expect(screen.getByRole('heading', { name: 'Forgot Password?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request OTP' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('shows Required and Invalid Email Format only once touched', async () => {
    fakeServer({});
    const { user } = setup();
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await user.click(document.body); // the email box has focus at first
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'asha.example.test');
    expect(await screen.findByText('Invalid Email Format')).toBeInTheDocument();
  });

  it('requests a code, toasts the message and goes to /verify-otp/{email}', async () => {
    const server = fakeServer({
      'POST /api/v1/auth/forget-password': ok(
        null,
        'If an account exists for this email, we have sent a code to it',
      ),
    });
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Email'), 'asha@example.test');
    await user.click(screen.getByRole('button', { name: 'Request OTP' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-otp/asha%40example.test'));
    expect(server.callsTo('POST', '/api/v1/auth/forget-password')[0]?.body).toEqual({
      email: 'asha@example.test',
    });
    expect(await screen.findByText(/we have sent a code/)).toBeInTheDocument();
  });

  it('a refusal toasts the server message and stays', async () => {
    fakeServer({
      'POST /api/v1/auth/forget-password': fail(429, 'Please wait before requesting another code (40 s).', {
        'retry-after': '40',
      }),
    });
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Email'), 'asha@example.test');
    await user.click(screen.getByRole('button', { name: 'Request OTP' }));
    expect(await screen.findByText('Please wait before requesting another code (40 s).')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forget-password');
  });
});
