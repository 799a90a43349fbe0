import { describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../features/auth/auth-test-kit';
import { api } from '../lib/api-client';
import { sessionEnded, sessionStarted } from '../stores/auth-slice';
import { testUser } from '../test/render';
import { createStore } from './store';

describe('the store', () => {
  it('answers endpoints injected later (one API slice, one base query that unwraps the envelope)', async () => {
    const store = createStore();
    fakeServer({ 'GET /api/v1/config': ok({ googleClientId: null }) });
    const configApi = api.injectEndpoints({
      endpoints: (build) => ({ config: build.query<unknown, void>({ query: () => '/v1/config' }) }),
    });
    const result = await store.dispatch(configApi.endpoints.config.initiate());
    expect(result.data).toEqual({ googleClientId: null });
  });

  it("keeps the tokens under 'at' and 'rt' while the session lasts", () => {
    const store = createStore();
    store.dispatch(sessionStarted({ user: testUser(), tokens: { access_token: 'a1', refresh_token: 'r1' } }));
    expect([localStorage.getItem('at'), localStorage.getItem('rt')]).toEqual(['a1', 'r1']);
    store.dispatch(sessionEnded());
    expect([localStorage.getItem('at'), localStorage.getItem('rt')]).toEqual([null, null]);
  });
});
