import { Backdrop, CircularProgress, Stack, Typography } from '@mui/material';

/** 'Loading...' / 'Evaluating...' over the whole screen while a call runs. */
export function BusyOverlay({ open, text, detail }: { open: boolean; text: string; detail?: string }) {
  return (
    <Backdrop open={open} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}>
      <Stack role="status" aria-live="polite" alignItems="center" spacing={2}>
        <CircularProgress color="inherit" aria-hidden />
        <Typography variant="h6" component="p">
          {text}
        </Typography>
        {detail && <Typography variant="body2">{detail}</Typography>}
      </Stack>
    </Backdrop>
  );
}
