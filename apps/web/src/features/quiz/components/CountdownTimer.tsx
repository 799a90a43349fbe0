import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { Box, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '../lib/a11y';
import { formatClock } from '../lib/format';

/**
 * 'Time Remaining' as m:ss. The visible clock is a role=timer (not live); screen readers hear only the
 * 10, 5 and 1 minute marks, through a separate polite live region.
 */
export function CountdownTimer({ seconds, announcement }: { seconds: number; announcement: string }) {
  const low = seconds <= 5 * 60;
  return (
    <Stack direction="row" alignItems="center" spacing={1.5}>
      <TimerOutlinedIcon aria-hidden color={low ? 'error' : 'primary'} />
      <Box>
        <Typography id="time-remaining-label" variant="body2" color="text.secondary">
          Time Remaining
        </Typography>
        <Typography
          role="timer"
          aria-labelledby="time-remaining-label"
          variant="h5"
          component="p"
          sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700, color: low ? 'error.main' : 'text.primary' }}
        >
          {formatClock(seconds)}
        </Typography>
      </Box>
      <Box aria-live="polite" aria-atomic="true" sx={visuallyHidden} data-testid="timer-announcer">
        {announcement}
      </Box>
    </Stack>
  );
}
