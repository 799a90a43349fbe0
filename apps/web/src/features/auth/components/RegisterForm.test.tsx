import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok, renderAuthScreen, session } from '../auth-test-kit';
import { RegisterForm } from './RegisterForm';

const setup = () => {
  const user = userEvent.setup();
  return { user, ...renderAuthScreen(<RegisterForm />, { route: '/register' }) };
};
const field = (label: string) => screen.getByLabelText(label);

describe('/register (docs/product.md#sign-in-screens, docs/product.md#validation-messages)', () => {
  it('has every field, labelled, with a numeric mobile number', () => {
    fakeServer({});
    setup();
    for (const label of ['Invite Code', 'Name', 'Email', 'Mobile Number', 'Password', 'Confirm Password']) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(field('Mobile Number')).toHaveAttribute('inputmode', 'numeric');
    expect(field('Password')).toHaveAttribute('type', 'password');
    expect(field('Confirm Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('takes only digits into Mobile Number, typed or pasted', async () => {
    fakeServer({});
    const { user } = setup();
    await user.type(field('Mobile Number'), '98a7b-6 5');
    expect(field('Mobile Number')).toHaveValue('98765');
    await user.clear(field('Mobile Number'));
    await user.paste('+91 (12)');
    expect(field('Mobile Number')).toHaveValue('9112');
  });

  it('shows each validation message of docs/product.md#validation-messages once the field is touched', async () => {
    fakeServer({});
    const { user } = setup();
    expect(document.querySelectorAll('.Mui-error')).toHaveLength(0);

    const touch = async (label: string, text?: string) => {
      await user.click(field(label));
      if (text) await user.type(field(label), text);
      await user.click(document.body);
    };
    await touch('Invite Code');
    expect(await screen.findByText('Invite Code is required')).toBeInTheDocument();
    await touch('Name');
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await touch('Email');
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(field('Email'), 'asha@');
    expect(await screen.findByText('Invalid Email Format')).toBeInTheDocument();
    await touch('Mobile Number', '12345');
    expect(await screen.findByText('Phone number must be 10 digits')).toBeInTheDocument();
    await user.type(field('Mobile Number'), '67890');
    await waitFor(() => expect(screen.queryByText('Phone number must be 10 digits')).not.toBeInTheDocument());
    await touch('Password');
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(field('Password'), 'abc');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    // Confirm Password has no rule of its own (docs/product.md#validation-messages).
    await touch('Confirm Password', 'different');
    expect(screen.queryAllByText(/match/)).toHaveLength(0);
  });

  it('an empty mobile number is fine', async () => {
    fakeServer({});
    const { user } = setup();
    await touch(user, 'Mobile Number');
    expect(screen.queryByText('Phone number must be 10 digits')).not.toBeInTheDocument();
  });

  it('checks the invite code, registers (phone as text) and sends the new user to /verify-user', async () => {
    const server = fakeServer({
      'GET /api/v1/invitecode/verify/ABCD-EFGH': ok(null, 'Invite code is valid'),
      'POST /api/v1/auth/signup': {
        status: 201,
        body: {
          message: 'Registration successful. We have sent a verification code to your email.',
          data: session({ verified: false }),
        },
      },
    });
    const { user, router } = setup();
    await user.type(field('Invite Code'), 'ABCD-EFGH');
    await user.type(field('Name'), 'Asha Verma');
    await user.type(field('Email'), 'asha@example.test');
    await user.type(field('Mobile Number'), '0987654321');
    await user.type(field('Password'), 'secret-pass');
    await user.type(field('Confirm Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-user'));
    expect(server.callsTo('POST', '/api/v1/auth/signup')[0]?.body).toEqual({
      inviteCode: 'ABCD-EFGH',
      name: 'Asha Verma',
      email: 'asha@example.test',
      phone: '0987654321',
      password: 'secret-pass',
      confirmPassword: 'secret-pass',
    });
    expect(localStorage.getItem('at')).toBe('access.jwt.token');
    expect(await screen.findByText(/Registration successful/)).toBeInTheDocument();
  });

  it('an unusable invite code: error toast with the server message, no account request', async () => {
    const server = fakeServer({
      'GET /api/v1/invitecode/verify/USED-CODE': fail(
        404,
        'This invite code is not valid, has expired or has been used up',
      ),
    });
    const { user, router } = setup();
    await user.type(field('Invite Code'), 'USED-CODE');
    await user.type(field('Name'), 'Asha');
    await user.type(field('Email'), 'asha@example.test');
    await user.type(field('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('This invite code is not valid, has expired or has been used up'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/v1/auth/signup')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/register');
  });

  it('a refused registration toasts the server message', async () => {
    fakeServer({
      'GET /api/v1/invitecode/verify/ABCD-EFGH': ok(null),
      'POST /api/v1/auth/signup': fail(409, 'An account with this email already exists'),
    });
    const { user } = setup();
    await user.type(field('Invite Code'), 'ABCD-EFGH');
    await user.type(field('Name'), 'Asha');
    await user.type(field('Email'), 'asha@example.test');
    await user.type(field('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
  });
});

async function touch(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(field(label));
  await user.click(document.body);
}
