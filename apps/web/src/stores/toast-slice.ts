import { TOAST_DEFAULT_DURATION_MS } from '@ai-tutor/contract';
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastType = 'info' | 'success' | 'error' | 'warning';
export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  duration: number;
}

/** Toasts are added to a list and removed by id (SPEC.md §4). */
export const toastSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastAdded: {
      reducer(state, action: PayloadAction<Toast>) {
        state.push(action.payload);
      },
      prepare(toast: { message: string; type?: ToastType; duration?: number }) {
        return {
          payload: {
            id: nanoid(),
            message: toast.message,
            type: toast.type ?? 'info',
            duration: toast.duration ?? TOAST_DEFAULT_DURATION_MS,
          },
        };
      },
    },
    toastRemoved(state, action: PayloadAction<string>) {
      return state.filter((t) => t.id !== action.payload);
    },
  },
});

export const { toastAdded, toastRemoved } = toastSlice.actions;
