import { Box, CircularProgress, Typography } from '@mui/material';

/** A spinner that says what is loading. */
export function Loading({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 8 }}
    >
      <CircularProgress size={28} aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
