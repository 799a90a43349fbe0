import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { Stack, Typography } from '@mui/material';
import { visuallyHidden } from '../lib/a11y';
import { formatClock } from '../lib/format';
import { Box } from '@mui/material';

/** The top bar's clock on a phone: one line, the same role=timer and name as the full one. */
export function CompactTimer({ seconds }: { seconds: number }) {
  const low = seconds <= 5 * 60;
  return (
    <Stack direction="row" alignItems="center" spacing={0.5}>
      <TimerOutlinedIcon aria-hidden fontSize="small" color={low ? 'error' : 'primary'} />
      <Box component="span" id="bar-time-remaining" sx={visuallyHidden}>
        Time Remaining
      </Box>
      <Typography
        role="timer"
        aria-labelledby="bar-time-remaining"
        component="p"
        sx={{
          fontVariantNumeric: 'tabular-nums',
          fontWeight: 700,
          fontSize: '1.15rem',
          color: low ? 'error.main' : 'text.primary',
        }}
      >
        {formatClock(seconds)}
      </Typography>
    </Stack>
  );
}
