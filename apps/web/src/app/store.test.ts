import { describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../features/auth/auth-test-kit';
import { sessionEnded, sessionStarted } from '../stores/auth-slice';
import { testUser } from '../test/render';
import { createStore } from './store';

describe('the store', () => {
  it('starts without RTK Query and answers a query at once when a screen first loads it', async () => {
    // A page load's modules: this worker's earlier test files already injected RTK Query into theirs.
    vi.resetModules();
    const { createStore: createPageStore } = await import('./store');
    const store = createPageStore();
    expect(Object.keys(store.getState()).sort()).toEqual(['auth', 'toasts']);
    fakeServer({ 'GET /api/v1/config': ok({ googleClientId: null }) });
    const { api } = await import('../lib/api-client');
    const configApi = api.injectEndpoints({
      endpoints: (build) => ({ config: build.query<unknown, void>({ query: () => '/v1/config' }) }),
    });
    // The first thing this store sees after the injection is the query itself.
    const result = await store.dispatch(configApi.endpoints.config.initiate());
    expect(result.data).toEqual({ googleClientId: null });
    expect(Object.keys(store.getState())).toContain('api');
  });

  it("keeps the tokens under 'at' and 'rt' while the session lasts", () => {
    const store = createStore();
    store.dispatch(sessionStarted({ user: testUser(), tokens: { access_token: 'a1', refresh_token: 'r1' } }));
    expect([localStorage.getItem('at'), localStorage.getItem('rt')]).toEqual(['a1', 'r1']);
    store.dispatch(sessionEnded());
    expect([localStorage.getItem('at'), localStorage.getItem('rt')]).toEqual([null, null]);
  });
});
