import { Box, LinearProgress, Typography } from '@mui/material';
import { useId } from 'react';

/**
 * A topic's mastery (0–100, docs/product.md#mastery-and-adaptive-sessions) as a bar with its number written beside it, and how many
 * answers it rests on: a 90 from two answers is not a 90 from forty.
 */
export function MasteryBar({ topic, value, answers }: { topic: string; value: number; answers: number }) {
  const labelId = useId();
  const rounded = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <Box sx={{ mt: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant="determinate"
          value={rounded}
          aria-labelledby={labelId}
          aria-valuetext={`${rounded} out of 100`}
          sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="caption" sx={{ fontWeight: 700, minWidth: '3.5em', textAlign: 'right' }}>
          {rounded}/100
        </Typography>
      </Box>
      <Typography id={labelId} variant="caption" color="text.secondary">
        Mastery of {topic}: {rounded} · based on {answers} answer{answers === 1 ? '' : 's'}
      </Typography>
    </Box>
  );
}
