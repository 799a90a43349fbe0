import { Box, Stack, Typography } from '@mui/material';
import type { PaletteState } from '../lib/question-status';
import { PaletteMark } from './PaletteMark';

const ITEMS: Array<{ label: string; state: PaletteState; current?: boolean }> = [
  { label: 'Not Answered', state: 'not_answered' },
  { label: 'Answered', state: 'answered' },
  { label: 'Marked for Review', state: 'marked' },
  { label: 'Answered & Marked for Review', state: 'answered_marked' },
  { label: 'Current Question', state: 'not_answered', current: true },
];

/** Grey Not Answered, green Answered, orange Marked for Review, purple both, light blue current. */
export function PaletteLegend() {
  return (
    <Box component="section" aria-label="Legend">
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {ITEMS.map((item) => (
          <Stack component="li" key={item.label} direction="row" spacing={1.5} alignItems="center">
            <Box aria-hidden sx={{ display: 'inline-flex' }}>
              <PaletteMark state={item.state} current={item.current ?? false} size={22} />
            </Box>
            <Typography variant="body2">{item.label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
