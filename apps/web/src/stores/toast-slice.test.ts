import { describe, expect, it } from 'vitest';
import { toastAdded, toastRemoved, toastSlice } from './toast-slice';

describe('toasts', () => {
  it('default to info for 3000 ms and are removed by id', () => {
    let state = toastSlice.reducer(undefined, toastAdded({ message: 'Saved' }));
    state = toastSlice.reducer(state, toastAdded({ message: 'Oops', type: 'error', duration: 5000 }));
    expect(state.map(({ message, type, duration }) => ({ message, type, duration }))).toEqual([
      { message: 'Saved', type: 'info', duration: 3000 },
      { message: 'Oops', type: 'error', duration: 5000 },
    ]);
    state = toastSlice.reducer(state, toastRemoved(state[0]!.id));
    expect(state.map((t) => t.message)).toEqual(['Oops']);
  });
});
