import { describe, expect, it } from 'vitest';
import { createStore } from '../../../app/store';
import { userLoaded } from '../../../stores/auth-slice';
import { testUser } from '../../../test/render';
import { fakeServer, ok } from '../auth-test-kit';
import { updateUserApi } from './update-user';

describe('PUT /v1/users', () => {
  it('puts the updated user into the signed-in state', async () => {
    fakeServer({ 'PUT /api/v1/users': ok(testUser({ name: 'Asha V.' }), 'Profile updated') });
    const store = createStore();
    store.dispatch(userLoaded(testUser()));
    await store.dispatch(updateUserApi.endpoints.updateUser.initiate({ name: 'Asha V.' }));
    expect(store.getState().auth.user?.name).toBe('Asha V.');
  });
});
