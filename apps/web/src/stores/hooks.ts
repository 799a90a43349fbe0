import { useDispatch, useSelector } from 'react-redux';
import type { Toast } from './toast-slice';
import type { AuthState } from './auth-slice';

interface SharedState {
  auth: AuthState;
  toasts: Toast[];
}

/** Typed hooks over the shared slices (features never import the app's store type). */
export const useAuth = () => useSelector((state: SharedState) => state.auth);
export const useToasts = () => useSelector((state: SharedState) => state.toasts);
export const useAppDispatch = useDispatch;
