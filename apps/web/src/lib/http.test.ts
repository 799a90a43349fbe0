import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../features/auth/auth-test-kit';
import { createAppStore } from '../stores/root-reducer';
import { sessionStarted } from '../stores/auth-slice';
import { errorMessage, request } from './http';

const signedIn = () => {
  const store = createAppStore();
  store.dispatch(
    sessionStarted({
      user: {
        id: 'u1',
        name: 'A',
        email: 'a@example.test',
        phone: null,
        verified: true,
        usedInviteCode: 'X',
      },
      tokens: { access_token: 'old-access', refresh_token: 'old-refresh' },
    }),
  );
  return store;
};

afterEach(() => vi.restoreAllMocks());

describe('the HTTP client', () => {
  it('sends the Bearer token, the tunnel header and query parameters, and returns the body', async () => {
    let seen: Request | undefined;
    fakeServer({}); // a browser's Request (relative URLs), then our own look at what is sent
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      seen = input as Request;
      return new Response(JSON.stringify({ message: 'ok', data: [1] }), { status: 200 });
    });
    const store = signedIn();
    const result = await request({ url: '/v1/exams', params: { page: 2, limit: undefined } }, store);
    expect(result.data).toEqual({ message: 'ok', data: [1] });
    expect(new URL(seen!.url).pathname + new URL(seen!.url).search).toBe('/api/v1/exams?page=2');
    expect(seen!.headers.get('authorization')).toBe('Bearer old-access');
    expect(seen!.headers.get('ngrok-skip-browser-warning')).toBe('true');
  });

  it('refreshes once for calls failing together with 401, stores the new tokens and repeats them', async () => {
    const server = fakeServer({
      'GET /api/v1/exams': (call) =>
        call.authorization === 'Bearer new-access' ? ok(['exam']) : fail(401, 'Unauthorized'),
      'POST /api/v1/auth/refresh': ok({
        tokens: { access_token: 'new-access', refresh_token: 'new-refresh' },
      }),
    });
    const store = signedIn();
    const results = await Promise.all([1, 2, 3].map(() => request({ url: '/v1/exams' }, store)));
    expect(results.map((r) => r.data)).toEqual(Array(3).fill({ message: 'ok', data: ['exam'] }));
    expect(server.callsTo('POST', '/api/v1/auth/refresh')).toHaveLength(1);
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
    const result = await request({ url: '/v1/exams' }, store);
    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('at')).toBeNull();
  });

  it('tells an unreachable server and a non-JSON answer apart from the server’s own message', async () => {
    const store = createAppStore();
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await request({ url: '/v1/config' }, store);
    expect(offline.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(errorMessage(offline.error)).toBe('Cannot reach the server. Check your connection and try again.');

    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response('<html>bad gateway</html>', { status: 502 }),
    );
    const proxy = await request({ url: '/v1/config' }, store);
    expect(proxy.error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 502 });

    fakeServer({ 'GET /api/v1/config': fail(429, 'Too many requests') });
    expect(errorMessage((await request({ url: '/v1/config' }, store)).error)).toBe('Too many requests');
  });
});
