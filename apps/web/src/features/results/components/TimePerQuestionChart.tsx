import { Box, useTheme } from '@mui/material';
import { ChartPoints, type ChartPoint } from '../../../components/ui/ChartPoints';
import { formatSeconds } from '../lib/analysis';

interface Props {
  seconds: number[];
  slowestNumbers: number[];
}

const PLOT_HEIGHT = 180;
const AXIS_WIDTH = 44;
/** A bar's share of its slot; the rest is the gap to the next. */
const BAR_WIDTH = 0.7;
/** About this many question numbers under the bars, whatever the test's length. */
const X_LABELS = 10;

/** The smallest of 1, 2 or 5 × 10ⁿ seconds at or above `max`: the axis' round top. */
function roundTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].find((step) => step * power >= max) ?? 10) * power;
}

/**
 * Seconds per question as bars drawn in SVG, the slowest in the theme's warning colour. Each bar can be
 * pointed at, tapped or reached by the keyboard (ChartPoints) to read its question and time.
 */
export function TimePerQuestionChart({ seconds, slowestNumbers }: Props) {
  const { palette } = useTheme();
  const top = roundTop(Math.max(...seconds));
  const count = seconds.length;
  const every = Math.max(1, Math.ceil(count / X_LABELS));
  const points: ChartPoint[] = seconds.map((s, i) => ({
    x: ((i + 0.5) / count) * 100,
    y: 100 - (s / top) * 100,
    label: `Q${i + 1}: ${formatSeconds(s)}${slowestNumbers.includes(i + 1) ? ', among the slowest' : ''}`,
  }));
  const caption = { typography: 'caption', color: 'text.secondary', position: 'absolute' } as const;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: `${AXIS_WIDTH}px minmax(0, 1fr)`,
        gridTemplateRows: `${PLOT_HEIGHT}px 20px`,
        columnGap: 0.5,
        mt: 1,
      }}
    >
      <Box aria-hidden sx={{ position: 'relative' }}>
        {[top, top / 2, 0].map((tick, i) => (
          <Box key={tick} sx={{ ...caption, right: 0, top: `${i * 50}%`, transform: 'translateY(-50%)' }}>
            {`${tick}s`}
          </Box>
        ))}
      </Box>
      <Box sx={{ position: 'relative', borderLeft: 1, borderBottom: 1, borderColor: 'divider' }}>
        <svg
          viewBox={`0 0 ${count} 100`}
          preserveAspectRatio="none"
          width="100%"
          height="100%"
          aria-hidden="true"
          focusable="false"
          style={{ display: 'block' }}
        >
          {seconds.map((s, i) => (
            <rect
              key={i}
              x={i + (1 - BAR_WIDTH) / 2}
              width={BAR_WIDTH}
              y={100 - (s / top) * 100}
              height={(s / top) * 100}
              fill={slowestNumbers.includes(i + 1) ? palette.warning.main : palette.primary.main}
            />
          ))}
        </svg>
        <ChartPoints points={points} />
      </Box>
      <span />
      <Box aria-hidden sx={{ position: 'relative' }}>
        {points.map((point, i) =>
          i % every === 0 ? (
            <Box key={i} sx={{ ...caption, left: `${point.x}%`, transform: 'translateX(-50%)' }}>
              {`Q${i + 1}`}
            </Box>
          ) : null,
        )}
      </Box>
    </Box>
  );
}
