import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createStore } from '../app/store';
import { fail, fakeServer, ok } from '../features/auth/auth-test-kit';
import { sessionStarted } from '../stores/auth-slice';
import { server } from '../test/server';
import { callApi, errorMessage } from './base-query';

const signedIn = () => {
  const store = createStore();
  store.dispatch(
    sessionStarted({
      user: {
        id: 'u1',
        name: 'A',
        email: 'a@example.test',
        phone: null,
        verified: true,
        usedInviteCode: 'X',
        roles: [],
      },
      tokens: { access_token: 'old-access', refresh_token: 'old-refresh' },
    }),
  );
  return store;
};

describe('the base query', () => {
  it('sends the Bearer token, the tunnel header and query parameters, and unwraps the envelope', async () => {
    let seen: Request | undefined;
    server.use(
      http.get('*/api/v1/exams', ({ request }) => {
        seen = request;
        return HttpResponse.json({ message: 'Exams', data: [1] });
      }),
    );
    const result = await callApi({ url: '/v1/exams', params: { page: 2, limit: undefined } }, signedIn());
    expect(result.data).toEqual([1]);
    expect(result.meta?.message).toBe('Exams');
    expect(new URL(seen!.url).pathname + new URL(seen!.url).search).toBe('/api/v1/exams?page=2');
    expect(seen!.headers.get('authorization')).toBe('Bearer old-access');
    expect(seen!.headers.get('ngrok-skip-browser-warning')).toBe('true');
  });

  it('refreshes once for calls failing together with 401, stores the new tokens and repeats them', async () => {
    const fake = fakeServer({
      'GET /api/v1/exams': (call) =>
        call.authorization === 'Bearer new-access' ? ok(['exam']) : fail(401, 'Unauthorized'),
      'POST /api/v1/auth/refresh': ok({
        tokens: { access_token: 'new-access', refresh_token: 'new-refresh' },
      }),
    });
    const store = signedIn();
    const results = await Promise.all([1, 2, 3].map(() => callApi('/v1/exams', store)));
    expect(results.map((r) => r.data)).toEqual(Array(3).fill(['exam']));
    expect(fake.callsTo('POST', '/api/v1/auth/refresh')).toHaveLength(1);
    expect(fake.callsTo('POST', '/api/v1/auth/refresh')[0]?.body).toEqual({ refresh_token: 'old-refresh' });
    expect(localStorage.getItem('at')).toBe('new-access');
    expect(localStorage.getItem('rt')).toBe('new-refresh');
    expect(store.getState().auth.token).toBe('new-access');
  });

  it('ends the session when the refresh is refused', async () => {
    fakeServer({
      'GET /api/v1/exams': fail(401, 'Unauthorized'),
      'POST /api/v1/auth/refresh': fail(401, 'Invalid refresh token'),
    });
    const store = signedIn();
    const result = await callApi('/v1/exams', store);
    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('at')).toBeNull();
  });

  it('tells an unreachable server and a non-JSON answer apart from the server’s own message', async () => {
    const store = createStore();
    server.use(http.get('*/api/v1/config', () => HttpResponse.error(), { once: true }));
    const offline = await callApi('/v1/config', store);
    expect(offline.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(errorMessage(offline.error)).toBe('Cannot reach the server. Check your connection and try again.');

    server.use(
      http.get('*/api/v1/config', () => new HttpResponse('<html>bad gateway</html>', { status: 502 }), {
        once: true,
      }),
    );
    const proxy = await callApi('/v1/config', store);
    expect(proxy.error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 502 });

    fakeServer({ 'GET /api/v1/config': fail(429, 'Too many requests') });
    expect(errorMessage((await callApi('/v1/config', store)).error)).toBe('Too many requests');
  });
});
