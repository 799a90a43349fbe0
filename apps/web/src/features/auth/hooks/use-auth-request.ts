import { useCallback } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/base-query';
import { formLoadingChanged } from '../../../stores/auth-slice';
import { useAppDispatch, useAuth } from '../../../stores/hooks';

export type RequestResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs one auth call with the shared formLoading flag set, and toasts the server's message: success
 * or error (docs/product.md#errors-and-empty-states). `onFieldErrors` puts the server's validation errors on the form's fields
 * (lib/form-errors.ts); the toast then says the first of them as a plain sentence.
 */
export function useAuthRequest() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { formLoading } = useAuth();
  const run = useCallback(
    async <T extends { message: string }>(
      call: () => Promise<T>,
      onFieldErrors?: (error: unknown) => boolean,
    ): Promise<RequestResult<T>> => {
      dispatch(formLoadingChanged(true));
      try {
        const value = await call();
        toast(value.message, 'success');
        return { ok: true, value };
      } catch (error) {
        onFieldErrors?.(error);
        toast(errorMessage(error), 'error');
        return { ok: false, error };
      } finally {
        dispatch(formLoadingChanged(false));
      }
    },
    [dispatch, toast],
  );
  return { run, loading: formLoading };
}
