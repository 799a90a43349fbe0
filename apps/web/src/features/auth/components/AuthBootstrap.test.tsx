import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, testUser } from '../../../test/render';
import { server as msw } from '../../../test/server';
import { fail, fakeServer, ok } from '../auth-test-kit';
import { AuthBootstrap, type UserCheck } from './AuthBootstrap';

const startWithTokens = (screenCode?: Promise<void>, userCheck?: UserCheck) => {
  localStorage.setItem('at', 'stored-access');
  localStorage.setItem('rt', 'stored-refresh');
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <AuthBootstrap screenCode={screenCode} userCheck={userCheck}>
            {<p>the app</p>}
          </AuthBootstrap>
        ),
      },
    ],
    '/',
  );
};

describe('startup with stored tokens (docs/product.md#startup-and-sign-in-state)', () => {
  it('loads the current user behind a spinner, then shows the app signed in', async () => {
    const server = fakeServer({ 'GET /api/v1/users/current': ok(testUser({ name: 'Ravi' })) });
    const { store } = startWithTokens();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('the app')).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, user: { name: 'Ravi' } });
    expect(server.callsTo('GET', '/api/v1/users/current')[0]?.authorization).toBe('Bearer stored-access');
  });

  it('clears the tokens when the session is over (refresh refused)', async () => {
    fakeServer({
      'GET /api/v1/users/current': fail(401, 'Unauthorized'),
      'POST /api/v1/auth/refresh': fail(401, 'Invalid refresh token'),
    });
    const { store } = startWithTokens();
    expect(await screen.findByText('the app')).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('at')).toBeNull();
  });

  it('keeps the tokens when the server cannot be reached and offers to try again', async () => {
    const server = fakeServer({ 'GET /api/v1/users/current': ok(testUser()) });
    msw.use(http.get('*/api/v1/users/current', () => HttpResponse.error(), { once: true }));
    startWithTokens();
    expect(
      await screen.findByText('Cannot reach AI TUTOR right now. Check your connection.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('at')).toBe('stored-access');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the app')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/v1/users/current')).toHaveLength(1);
  });

  it('keeps its one spinner until the first screen’s code has arrived too', async () => {
    fakeServer({ 'GET /api/v1/users/current': ok(testUser()) });
    let arrive = () => undefined as void;
    const { store } = startWithTokens(new Promise<void>((resolve) => (arrive = resolve)));
    await vi.waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('the app')).toBeNull();
    expect(screen.getByRole('status')).toBeInTheDocument();
    arrive();
    expect(await screen.findByText('the app')).toBeInTheDocument();
  });

  it('does not wait for the screen’s code when the session is over: the guards send to sign-in', async () => {
    fakeServer({
      'GET /api/v1/users/current': fail(401, 'Unauthorized'),
      'POST /api/v1/auth/refresh': fail(401, 'Invalid refresh token'),
    });
    startWithTokens(new Promise<void>(() => undefined));
    expect(await screen.findByText('the app')).toBeInTheDocument();
  });

  it('takes the answer of the request main.tsx started before the first render, and does not ask again', async () => {
    const server = fakeServer({ 'GET /api/v1/users/current': ok(testUser({ name: 'Asked later' })) });
    const { store } = startWithTokens(
      undefined,
      Promise.resolve({ data: testUser({ name: 'Asked early' }) }),
    );
    expect(await screen.findByText('the app')).toBeInTheDocument();
    expect(store.getState().auth.user).toMatchObject({ name: 'Asked early' });
    expect(server.callsTo('GET', '/api/v1/users/current')).toHaveLength(0);
  });
});
