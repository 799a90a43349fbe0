import type { ScoreBucket } from '@ai-tutor/contract';
import { Box, Typography, useTheme } from '@mui/material';
import { ChartPoints, type ChartPoint } from '../../../components/ui/ChartPoints';
import { bucketLabel } from '../lib/figures';

const HEIGHT = 160;
/** Room above the tallest bar for the "You" mark, in % of the box. */
const TOP_ROOM = 16;

/**
 * How many takers scored in each band, drawn as SVG bars. The learner's band is told three ways: a
 * darker hatched bar, a "You" mark above it, and "(your score)" in its figures. Each bar can be
 * pointed at, tapped or reached by the keyboard (ChartPoints), which shows its figures.
 */
export function ScoreDistributionChart({ buckets }: { buckets: ScoreBucket[] }) {
  const theme = useTheme();
  const most = Math.max(1, ...buckets.map((b) => b.count));
  const width = 100 / Math.max(1, buckets.length);
  const heightOf = (count: number) => (count / most) * (100 - TOP_ROOM);
  const points: ChartPoint[] = buckets.map((bucket, i) => ({
    x: (i + 0.5) * width,
    y: 100 - heightOf(bucket.count),
    label: `${bucketLabel(bucket, i === buckets.length - 1)}: ${bucket.count} taker${bucket.count === 1 ? '' : 's'}${bucket.yours ? ' (your score)' : ''}`,
  }));
  const yours = buckets.findIndex((b) => b.yours);
  const first = buckets[0];
  const last = buckets.at(-1);
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box sx={{ position: 'relative', height: HEIGHT, mt: 3 }}>
        <svg
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          width="100%"
          height={HEIGHT}
          aria-hidden="true"
          focusable="false"
          style={{ display: 'block' }}
        >
          <defs>
            <pattern
              id="your-bar"
              width="4"
              height="4"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="4" height="4" fill={theme.palette.secondary.dark} />
              <line x1="0" y1="0" x2="0" y2="4" stroke="#fff" strokeWidth="1.2" />
            </pattern>
          </defs>
          {buckets.map((bucket, i) => (
            <rect
              key={i}
              x={i * width + width * 0.1}
              width={width * 0.8}
              y={100 - heightOf(bucket.count)}
              height={heightOf(bucket.count)}
              fill={bucket.yours ? 'url(#your-bar)' : theme.palette.primary.light}
              stroke={bucket.yours ? theme.palette.secondary.dark : 'none'}
              strokeWidth={bucket.yours ? 1 : 0}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <line
            x1="0"
            y1="100"
            x2="100"
            y2="100"
            stroke={theme.palette.text.secondary}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        {yours >= 0 && (
          <Typography
            aria-hidden
            variant="caption"
            sx={{
              position: 'absolute',
              left: `${(yours + 0.5) * width}%`,
              top: `${100 - heightOf(buckets[yours]!.count)}%`,
              transform: 'translate(-50%, -110%)',
              fontWeight: 700,
              color: 'secondary.dark',
              pointerEvents: 'none',
            }}
          >
            ▼ You
          </Typography>
        )}
        <ChartPoints points={points} />
      </Box>
      <Typography component="figcaption" variant="caption" color="text.secondary">
        Takers by score{first && last ? `, from ${first.from} to ${last.to} marks` : ''}. Use the arrow keys
        on the chart to read each band.
      </Typography>
    </Box>
  );
}
