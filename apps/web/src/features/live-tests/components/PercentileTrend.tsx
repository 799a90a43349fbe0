import type { LiveTestTrendPoint } from '@ai-tutor/contract';
import { Box, Paper, Typography, useTheme } from '@mui/material';
import { useId } from 'react';
import { ChartPoints, type ChartPoint } from '../../../components/ui/ChartPoints';
import { useGetScheduledTestsQuery } from '../api/get-scheduled-tests';

const HEIGHT = 48;
const PAD_X = 3;
const PAD_Y = 10;

/** The line, SVG like the score sparkline, on a fixed 0–100 scale: a percentile means the same anywhere. */
function TrendChart({ points: trend }: { points: LiveTestTrendPoint[] }) {
  const color = useTheme().palette.secondary.main;
  const points: ChartPoint[] = trend.map((p, i) => ({
    x: PAD_X + (i * (100 - 2 * PAD_X)) / Math.max(1, trend.length - 1),
    y: 100 - PAD_Y - (p.percentile / 100) * (100 - 2 * PAD_Y),
    label: `${p.name}: percentile ${p.percentileText}, rank ${p.rank} of ${p.takers}`,
  }));
  return (
    <Box sx={{ position: 'relative', height: HEIGHT }}>
      <svg
        viewBox="0 0 100 100"
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        aria-hidden="true"
        focusable="false"
        style={{ display: 'block' }}
      >
        <polyline
          points={points.map((p) => `${p.x},${p.y}`).join(' ')}
          fill="none"
          stroke={color}
          strokeWidth={2}
          strokeLinejoin="round"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <ChartPoints points={points} marker={color} />
    </Box>
  );
}

/**
 * The exam page's percentile across the live tests the learner took (oldest first). The figures are
 * in the caption too, so the trend is not told by the line alone. Nothing shows before a ranked test.
 */
export function PercentileTrend({ examSlug }: { examSlug: string }) {
  const headingId = useId();
  const { data } = useGetScheduledTestsQuery(examSlug, { refetchOnMountOrArgChange: true });
  const trend = data?.trend ?? [];
  if (trend.length === 0) return null;
  const latest = trend.at(-1)!;
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Live-test percentile
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {trend.length === 1
          ? `${latest.name}: percentile ${latest.percentileText}, rank ${latest.rank} of ${latest.takers}`
          : `Last ${trend.length} live tests: ${trend.map((p) => p.percentileText).join(' → ')}`}
      </Typography>
      {trend.length > 1 && <TrendChart points={trend} />}
    </Paper>
  );
}
