import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok, renderAuthScreen } from '../auth-test-kit';
import { VerifyOtpForm } from './VerifyOtpForm';

const setup = () => ({
  user: userEvent.setup(),
  ...renderAuthScreen(<VerifyOtpForm email="asha@example.test" />, {
    route: '/verify-otp/:email',
    path: '/verify-otp/asha%40example.test',
  }),
});
const digit = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });

describe('/verify-otp/{email} (docs/product.md#sign-in-screens, docs/product.md#validation-messages)', () => {
  it("has six boxes, Verify, Resend, 'OR' and a Sign In link to /login", () => {
    fakeServer({});
    setup();
    expect(screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ })).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
    expect(screen.getByText('OR')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByText(/asha@example\.test/)).toBeInTheDocument();
  });

  it("shows 'OTP is required', then 'OTP must be exactly 6 digits', only after the boxes were touched", async () => {
    fakeServer({});
    const { user } = setup();
    expect(screen.queryByText('OTP is required')).not.toBeInTheDocument();
    await user.click(digit(1));
    await user.click(digit(2));
    expect(screen.queryByText('OTP is required')).not.toBeInTheDocument();
    await user.click(document.body);
    expect(await screen.findByText('OTP is required')).toBeInTheDocument();
    await user.click(digit(1));
    await user.keyboard('123');
    expect(await screen.findByText('OTP must be exactly 6 digits')).toBeInTheDocument();
    await user.keyboard('456');
    await waitFor(() => expect(screen.queryByText('OTP must be exactly 6 digits')).not.toBeInTheDocument());
  });

  it('sends the code as a number and goes to /reset-password?token=…', async () => {
    const server = fakeServer({
      'POST /api/v1/auth/verify-otp': ok(
        { token: 'reset/token+1' },
        'Code verified. You can now set a new password.',
      ),
    });
    const { user, router } = setup();
    await user.click(digit(1));
    await user.paste('012345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(router.state.location.search).toBe('?token=reset%2Ftoken%2B1');
    expect(server.callsTo('POST', '/api/v1/auth/verify-otp')[0]?.body).toEqual({
      email: 'asha@example.test',
      emailOtp: 12345,
    });
    expect(await screen.findByText('Code verified. You can now set a new password.')).toBeInTheDocument();
  });

  it('a wrong code toasts the server message', async () => {
    fakeServer({
      'POST /api/v1/auth/verify-otp': fail(
        400,
        'Invalid or expired code. Please check the code or request a new one.',
      ),
    });
    const { user, router } = setup();
    await user.click(digit(1));
    await user.paste('999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/Invalid or expired code/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-otp/asha%40example.test');
  });

  it('Resend posts the email, toasts, and is disabled reading Resend in 1:00', async () => {
    const server = fakeServer({
      'POST /api/v1/auth/resend-otp': ok(
        null,
        'If an account exists for this email, we have sent a code to it',
      ),
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(/we have sent a code/)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: /^Resend in \d:\d\d$/ });
    expect(button).toBeDisabled();
    expect(button.textContent).toMatch(/^Resend in (1:00|0:59)$/);
    expect(server.callsTo('POST', '/api/v1/auth/resend-otp')[0]?.body).toEqual({
      email: 'asha@example.test',
    });
  });
});
