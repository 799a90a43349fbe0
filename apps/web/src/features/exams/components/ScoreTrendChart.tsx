import { Box, useTheme } from '@mui/material';
import { ChartPoints, type ChartPoint } from '../../../components/ui/ChartPoints';

const HEIGHT = 36;
/** Room at the ends and edges, in % of the box, so the line's ends and the dot are not cut. */
const PAD_X = 3;
const PAD_Y = 12;

/**
 * The sparkline, drawn as SVG: a line through the percentages (oldest first), scaled to their own
 * range as a sparkline is. Each attempt can be pointed at, tapped or reached by the keyboard.
 */
export function ScoreTrendChart({ percentages }: { percentages: number[] }) {
  const color = useTheme().palette.primary.main;
  const low = Math.min(...percentages);
  const range = Math.max(...percentages) - low;
  const points: ChartPoint[] = percentages.map((percentage, i) => ({
    x: PAD_X + (i * (100 - 2 * PAD_X)) / Math.max(1, percentages.length - 1),
    y: range === 0 ? 50 : 100 - PAD_Y - ((percentage - low) / range) * (100 - 2 * PAD_Y),
    label: `Attempt ${i + 1} of ${percentages.length}: ${percentage}%`,
  }));
  return (
    <Box sx={{ position: 'relative', height: HEIGHT }}>
      {/* Stretched to the box; the stroke keeps its width whatever the stretch. */}
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
