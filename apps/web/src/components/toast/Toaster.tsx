import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useToasts } from '../../stores/hooks';
import { toastRemoved, type Toast, type ToastType } from '../../stores/toast-slice';

/**
 * Material's outlined status icons (as MUI's Alert draws them). Inline paths rather than MUI's Alert and
 * Snackbar: those come with the signed-in screens' shared chunk (~45 kB gzip), which the sign-in page
 * would otherwise download and run just to be ready for a toast.
 */
const ICONS: Record<ToastType | 'close', string> = {
  success:
    'M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2,4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z',
  warning: 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  info: 'M11,9H13V7H11V9M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z',
  close:
    'M19 6.41L17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.41 6.41 19 12 13.41 17.41 19 19 17.41 13.41 12z',
};

/** Backgrounds with at least 4.5:1 contrast against white text; the icon tells the kind, not the colour. */
const BACKGROUNDS: Record<ToastType, string> = {
  success: '#2e7d32',
  error: '#c62828',
  info: '#01579b',
  warning: '#a14c00',
};

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" fill="currentColor">
      <path d={path} />
    </svg>
  );
}

/** One toast: dismissed after its duration, held while the pointer or the keyboard focus is on it. */
function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useDispatch();
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dispatch(toastRemoved(toast.id)), toast.duration);
    return () => clearTimeout(timer);
  }, [held, toast.id, toast.duration, dispatch]);

  return (
    <Paper
      role="alert"
      elevation={6}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 0.75,
        pl: 2,
        pr: 1,
        color: '#fff',
        bgcolor: BACKGROUNDS[toast.type],
        minWidth: { sm: 288 },
      }}
    >
      <Box sx={{ display: 'flex', flexShrink: 0 }}>
        <Icon path={ICONS[toast.type]} />
      </Box>
      <Typography variant="body2" sx={{ flex: 1, py: 0.75, fontWeight: 500 }}>
        {toast.message}
      </Typography>
      <Button
        aria-label="Close"
        title="Close"
        color="inherit"
        size="small"
        onClick={() => dispatch(toastRemoved(toast.id))}
        sx={{ minWidth: 0, p: 0.75, borderRadius: '50%', flexShrink: 0 }}
      >
        <Icon path={ICONS.close} />
      </Button>
    </Paper>
  );
}

/** Above dialogs (an error while one is open must be seen); the account menu sits above the toasts. */
export const TOAST_Z_INDEX = 2000;
/** Below the app bar (64 px high at most), so a toast never covers the avatar. */
const TOAST_TOP_PX = 72;

/** Toasts at top right, closable, each dismissed after its own duration (docs/product.md#layouts). */
export function Toaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Stack
      spacing={1}
      data-testid="toasts"
      sx={{
        position: 'fixed',
        top: TOAST_TOP_PX,
        right: 16,
        zIndex: TOAST_Z_INDEX,
        maxWidth: 'calc(100vw - 32px)',
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Stack>
  );
}
