import { describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../features/auth/auth-test-kit';
import { createAppStore } from './root-reducer';

describe('the store', () => {
  it('starts without RTK Query and takes its slice and middleware when a screen first loads it', async () => {
    const store = createAppStore();
    expect(Object.keys(store.getState() as object).sort()).toEqual(['auth', 'toasts']);

    fakeServer({ 'GET /api/v1/config': ok({ googleClientId: null }) });
    const { api } = await import('../lib/api-client');
    const configApi = api.injectEndpoints({
      endpoints: (build) => ({ config: build.query<unknown, void>({ query: () => '/v1/config' }) }),
    });
    expect(Object.keys(store.getState() as object)).toContain('api');

    // The query only resolves if the injected middleware runs on this store.
    const result = await store.dispatch(configApi.endpoints.config.initiate());
    expect(result.data).toEqual({ message: 'ok', data: { googleClientId: null } });
    // A store made later starts with it too.
    expect(Object.keys(createAppStore().getState() as object)).toContain('api');
  });
});
