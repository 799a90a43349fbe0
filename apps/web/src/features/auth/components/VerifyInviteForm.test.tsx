import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../test/render';
import { fail, fakeServer, ok, renderAuthScreen } from '../auth-test-kit';
import { VerifyInviteForm } from './VerifyInviteForm';

const setup = () => ({
  user: userEvent.setup(),
  ...renderAuthScreen(<VerifyInviteForm />, {
    route: '/verify-invite',
    user: testUser({ usedInviteCode: null }),
  }),
});

describe('/verify-invite (docs/product.md#account-checks, docs/product.md#validation-messages)', () => {
  it("has one 'Invite Code' field and Submit; 'Invite code is Required' once touched", async () => {
    fakeServer({});
    const { user } = setup();
    expect(screen.getByLabelText('Invite Code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.queryByText('Invite code is Required')).not.toBeInTheDocument();
    await user.click(document.body);
    expect(await screen.findByText('Invite code is Required')).toBeInTheDocument();
  });

  it('submits {inviteCode}, stores the session and goes to /exams', async () => {
    const server = fakeServer({
      'POST /api/v1/invitecode/verify': ok(
        {
          user: testUser({ usedInviteCode: 'ABCD-EFGH' }),
          tokens: { access_token: 'at-3', refresh_token: 'rt-3' },
        },
        'Invite code accepted',
      ),
    });
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Invite Code'), 'abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exams'));
    expect(server.callsTo('POST', '/api/v1/invitecode/verify')[0]?.body).toEqual({ inviteCode: 'abcd-efgh' });
    expect(localStorage.getItem('at')).toBe('at-3');
    expect(await screen.findByText('Invite code accepted')).toBeInTheDocument();
  });

  it('a refused code toasts the server message', async () => {
    fakeServer({
      'POST /api/v1/invitecode/verify': fail(
        400,
        'This invite code is not valid, has expired or has been used up',
      ),
    });
    const { user } = setup();
    await user.type(screen.getByLabelText('Invite Code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/has been used up/)).toBeInTheDocument();
  });
});
