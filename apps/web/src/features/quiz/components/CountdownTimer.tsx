import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { Box, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '../lib/a11y';
import { formatClock } from '../lib/format';

/** 'Time Remaining' as m:ss: a role=timer, which screen readers do not read out on every tick. */
export function CountdownTimer({ seconds, idPrefix }: { seconds: number; idPrefix: string }) {
  const low = seconds <= 5 * 60;
  const labelId = `${idPrefix}-time-remaining`;
  return (
    <Stack direction="row" alignItems="center" spacing={1.5}>
      <TimerOutlinedIcon aria-hidden color={low ? 'error' : 'primary'} />
      <Box>
        <Typography id={labelId} variant="body2" color="text.secondary">
          Time Remaining
        </Typography>
        <Typography
          role="timer"
          aria-labelledby={labelId}
          variant="h5"
          component="p"
          sx={{
            fontVariantNumeric: 'tabular-nums',
            fontWeight: 700,
            color: low ? 'error.main' : 'text.primary',
          }}
        >
          {formatClock(seconds)}
        </Typography>
      </Box>
    </Stack>
  );
}

/** The only time announcements: the 10, 5 and 1 minute marks, in one polite live region. */
export function TimerAnnouncer({ announcement }: { announcement: string }) {
  return (
    <Box aria-live="polite" aria-atomic="true" sx={visuallyHidden} data-testid="timer-announcer">
      {announcement}
    </Box>
  );
}
