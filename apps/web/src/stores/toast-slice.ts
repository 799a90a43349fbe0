import { TOAST_DEFAULT_DURATION_MS } from '@ai-tutor/contract';
import type { UnknownAction } from 'redux';
import { defineAction } from './define-action';

let lastId = 0;

export type ToastType = 'info' | 'success' | 'error' | 'warning';
export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  duration: number;
}

/** Toasts are added to a list and removed by id (SPEC.md §4). */
export const toastAdded = defineAction(
  'toasts/toastAdded',
  (toast: { message: string; type?: ToastType; duration?: number }): Toast => ({
    id: `toast-${++lastId}`,
    message: toast.message,
    type: toast.type ?? 'info',
    duration: toast.duration ?? TOAST_DEFAULT_DURATION_MS,
  }),
);
export const toastRemoved = defineAction<string>('toasts/toastRemoved');

function toastReducer(state: Toast[] = [], action: UnknownAction): Toast[] {
  if (toastAdded.match(action)) return [...state, action.payload];
  if (toastRemoved.match(action)) return state.filter((t) => t.id !== action.payload);
  return state;
}

export const toastSlice = { reducerPath: 'toasts', reducer: toastReducer } as const;
