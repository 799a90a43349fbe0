import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../test/render';
import { fakeServer, renderAuthScreen } from '../auth-test-kit';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { VerifyInviteForm } from './VerifyInviteForm';
import { VerifyOtpForm } from './VerifyOtpForm';
import { VerifyUserForm } from './VerifyUserForm';

/** Every element of the form, in order: what the layout is built from (a message's own line aside). */
const skeleton = (form: HTMLElement) =>
  [form, ...form.querySelectorAll('*')]
    .filter((element) => !element.closest('.MuiFormHelperText-root > *'))
    .map((element) => element.tagName)
    .join(' ');

const forms: Array<[string, ReactElement, string, string?]> = [
  ['/login', <LoginForm />, '/login'],
  ['/register', <RegisterForm />, '/register'],
  ['/forget-password', <ForgotPasswordForm />, '/forget-password'],
  ['/reset-password', <ResetPasswordForm token="t1" />, '/reset-password'],
  ['/verify-invite', <VerifyInviteForm />, '/verify-invite'],
  ['/verify-otp', <VerifyOtpForm email="asha@example.test" />, '/verify-otp/:email', '/verify-otp/a'],
  ['/verify-user', <VerifyUserForm />, '/verify-user'],
];

/*
 * Seen by a learner: the mouse-down on Resend blurred the code boxes, 'OTP is required' appeared and
 * pushed the buttons 28 px down before the mouse-up, so the click was lost. jsdom has no layout, so
 * this checks the cause: the error fills a line that was already there; no element is added.
 */
describe('a message that appears on blur moves nothing below it', () => {
  it.each(forms)('%s', async (_name, element, route, path) => {
    fakeServer({});
    const user = userEvent.setup();
    renderAuthScreen(element, {
      route,
      ...(path ? { path } : {}),
      user: testUser({ verified: route !== '/verify-user', usedInviteCode: null }),
    });
    const form = screen.getByRole('heading', { level: 1 }).closest('form')!;
    const before = skeleton(form);
    const helperLines = form.querySelectorAll('.MuiFormHelperText-root').length;
    expect(helperLines).toBeGreaterThan(0);

    // Into each field and out again, the way a pointer pressing a button elsewhere leaves it.
    const passwords = [...form.querySelectorAll<HTMLElement>('input[type=password]')];
    for (const box of [...screen.queryAllByRole('textbox'), ...passwords]) {
      await user.click(box);
      await user.click(screen.getByRole('heading', { level: 1 }));
    }

    expect(form.querySelector('.MuiFormHelperText-root.Mui-error')).toHaveTextContent(/\S/);
    expect(skeleton(form)).toBe(before);
  });
});
