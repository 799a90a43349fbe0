import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { toastAdded, type ToastType } from '../../stores/toast-slice';

export function useToast() {
  const dispatch = useDispatch();
  return useCallback(
    (message: string, type: ToastType = 'info', duration?: number) =>
      dispatch(toastAdded({ message, type, ...(duration ? { duration } : {}) })),
    [dispatch],
  );
}
