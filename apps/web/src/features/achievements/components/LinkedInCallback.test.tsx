import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINKEDIN_OAUTH_STORAGE_KEY } from '../lib/linkedin-oauth';
import { renderPage, testUser } from '../../../test/render';
import { onConnected, rememberOauth } from '../lib/linkedin-oauth';
import { mockFetch, ok } from '../../../test/api-replies';
import { callbackTexts, LinkedInCallback } from './LinkedInCallback';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ROUTE = '/linkedin/callback';
const connected = () => ok({ configured: true, connected: true, expiresAt: null }, 'LinkedIn connected');

describe('LinkedInCallback', () => {
  it('exchanges the code when the state matches, then returns to where the learner was', async () => {
    rememberOauth('s'.repeat(32), '/quiz/result/mechanics-quiz-1');
    const calls = mockFetch(connected);
    const { router } = renderPage(<LinkedInCallback />, {
      route: ROUTE,
      path: `${ROUTE}?code=the-code&state=${'s'.repeat(32)}`,
      user: testUser(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/quiz/result/mechanics-quiz-1'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/auth/linkedin/token',
      body: { code: 'the-code', redirectUri: `${window.location.origin}/linkedin/callback` },
    });
    expect(localStorage.getItem(LINKEDIN_OAUTH_STORAGE_KEY)).toBeNull();
  });

  it('in the popup: tells the share dialog through the channel and closes itself', async () => {
    rememberOauth('t'.repeat(32), '/quiz/result/x', 'popup');
    mockFetch(connected);
    const heard = vi.fn();
    const stop = onConnected(heard);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const { router } = renderPage(<LinkedInCallback />, {
      route: ROUTE,
      path: `${ROUTE}?code=c&state=${'t'.repeat(32)}`,
      user: testUser(),
    });
    await waitFor(() => expect(close).toHaveBeenCalled());
    await waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(screen.getByText(callbackTexts.connected)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ROUTE);
    stop();
  });

  it('refuses a callback whose state this browser did not start, without calling the server', async () => {
    rememberOauth('u'.repeat(32), '/exams');
    const calls = mockFetch(connected);
    renderPage(<LinkedInCallback />, {
      route: ROUTE,
      path: `${ROUTE}?code=c&state=forged-state`,
      user: testUser(),
    });
    expect(await screen.findByText(callbackTexts.badState)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says LinkedIn was not connected when the learner cancelled there', async () => {
    const calls = mockFetch(connected);
    renderPage(<LinkedInCallback />, {
      route: ROUTE,
      path: `${ROUTE}?error=user_cancelled_authorize&error_description=The+user+cancelled`,
      user: testUser(),
    });
    expect(await screen.findByText('LinkedIn was not connected. The user cancelled')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
