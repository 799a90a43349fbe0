import { Alert, Snackbar, Stack } from '@mui/material';
import { useDispatch } from 'react-redux';
import { useToasts } from '../../stores/hooks';
import { toastRemoved } from '../../stores/toast-slice';

/** Toasts at top right, closable, each dismissed after its own duration (SPEC.md §2). */
export function Toaster() {
  const toasts = useToasts();
  const dispatch = useDispatch();
  return (
    <Stack
      spacing={1}
      sx={{ position: 'fixed', top: 16, right: 16, zIndex: 2000, maxWidth: 'calc(100vw - 32px)' }}
    >
      {toasts.map((toast) => (
        <Snackbar
          key={toast.id}
          open
          autoHideDuration={toast.duration}
          onClose={(_, reason) => reason !== 'clickaway' && dispatch(toastRemoved(toast.id))}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          sx={{ position: 'static', transform: 'none' }}
        >
          <Alert
            severity={toast.type}
            variant="filled"
            onClose={() => dispatch(toastRemoved(toast.id))}
            sx={{ width: '100%' }}
          >
            {toast.message}
          </Alert>
        </Snackbar>
      ))}
    </Stack>
  );
}
