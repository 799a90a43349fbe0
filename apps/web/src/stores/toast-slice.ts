import { TOAST_DEFAULT_DURATION_MS } from '@ai-tutor/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

let lastId = 0;

export type ToastType = 'info' | 'success' | 'error' | 'warning';
export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  duration: number;
}

/** Toasts are added to a list and removed by id (docs/product.md#layouts). */
export const toastSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastAdded: {
      reducer(state, { payload }: PayloadAction<Toast>) {
        state.push(payload);
      },
      prepare: (toast: { message: string; type?: ToastType; duration?: number }) => ({
        payload: {
          id: `toast-${++lastId}`,
          message: toast.message,
          type: toast.type ?? 'info',
          duration: toast.duration ?? TOAST_DEFAULT_DURATION_MS,
        },
      }),
    },
    toastRemoved: (state, { payload }: PayloadAction<string>) => state.filter((t) => t.id !== payload),
  },
});

export const { toastAdded, toastRemoved } = toastSlice.actions;
