import { Box, Typography } from '@mui/material';
import { ScoreTrendChart } from './ScoreTrendChart';

/**
 * A small trend of the learner's last attempts (percentages, oldest first). The numbers are also
 * given as text, so the trend is not told by the line alone. Nothing shows before two attempts.
 */
export function ScoreTrend({ percentages = [] }: { percentages?: number[] | undefined }) {
  if (percentages.length < 2) return null;
  const summary = `Score trend over the last ${percentages.length} attempts: ${percentages.map((p) => `${p}%`).join(', ')}`;
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={summary}>
      <Typography component="figcaption" variant="caption" color="text.secondary">
        Score trend (last {percentages.length}): {percentages.at(-2)}% → {percentages.at(-1)}%
      </Typography>
      <ScoreTrendChart percentages={percentages} />
    </Box>
  );
}
