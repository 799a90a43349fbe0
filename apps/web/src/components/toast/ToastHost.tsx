import { lazy, Suspense, useEffect } from 'react';
import { useToasts } from '../../stores/hooks';

const loadToaster = () => import('./Toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/**
 * Keeps the toast stack (Snackbar, Alert) out of the first page's JavaScript, but fetches it soon after
 * start: the first toast may be 'Connection lost', when the chunk could no longer be downloaded.
 */
export function ToastHost() {
  const toasts = useToasts();
  useEffect(() => {
    const timer = setTimeout(() => void loadToaster().catch(() => undefined), 1500);
    return () => clearTimeout(timer);
  }, []);
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
