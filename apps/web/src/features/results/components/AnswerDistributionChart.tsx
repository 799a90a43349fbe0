import { PIE_CHART_HEIGHT } from '@ai-tutor/contract';
import { Box, Typography } from '@mui/material';
import { percent, type Distribution } from '../lib/analysis';
import { STATUS_COLORS } from './status';

/**
 * Pie slices: three categories labelled with counts, green / red / grey, and partial marks (JEE
 * Advanced's multiple-correct) as a fourth when a paper has any.
 */
export function pieData(d: Distribution) {
  const partial =
    d.partial > 0
      ? [
          {
            id: 'partial',
            value: d.partial,
            label: `Partially Correct (${d.partial})`,
            color: STATUS_COLORS['Partially Correct'],
          },
        ]
      : [];
  return [
    { id: 'correct', value: d.correct, label: `Correct (${d.correct})`, color: STATUS_COLORS.Correct },
    ...partial,
    {
      id: 'incorrect',
      value: d.incorrect,
      label: `Incorrect (${d.incorrect})`,
      color: STATUS_COLORS.Incorrect,
    },
    {
      id: 'not-attempted',
      value: d.notAttempted,
      label: `Not Attempted (${d.notAttempted})`,
      color: STATUS_COLORS['Not Attempted'],
    },
  ];
}

/** Tooltip: the share of all questions, one decimal. */
export const pieTooltip = (d: Distribution) => (item: { value: number }) =>
  `${percent(item.value, d.total)}%`;

const RING_RADIUS = 80; // a ring from radius 40 to 120, drawn as one thick stroke per slice
const RING_WIDTH = 80;
const OUTER_LABEL_RADIUS = RING_RADIUS + RING_WIDTH / 2 + 12;
const SIZE = 2 * (OUTER_LABEL_RADIUS + 12); // the whole ring and room for a count outside it
const DRAWN_HEIGHT = 230; // + the legend = PIE_CHART_HEIGHT
const CIRCUMFERENCE = 2 * Math.PI * RING_RADIUS;
/** Slices narrower than this have their count just outside the ring: it would not fit on it. */
const MIN_LABEL_ANGLE = (12 / 360) * 2 * Math.PI;

/**
 * The Answer Distribution donut, drawn as SVG: each slice is a dashed stroke of one circle, so a
 * full ring (every answer correct) needs no special case. It replaced MUI X Charts here, which cost
 * ~70 kB gzip and a long main-thread task on the first screen of every result.
 */
export default function AnswerDistributionChart({ distribution }: { distribution: Distribution }) {
  const summary = `Answer distribution: ${distribution.correct} correct, ${distribution.partial ? `${distribution.partial} partially correct, ` : ''}${distribution.incorrect} incorrect, ${distribution.notAttempted} not attempted, of ${distribution.total} questions.`;
  const tooltip = pieTooltip(distribution);
  const shown = pieData(distribution).filter((slice) => slice.value > 0);
  const total = Math.max(1, distribution.total);
  const slices = shown.map((slice, i) => ({
    ...slice,
    fraction: slice.value / total,
    start: shown.slice(0, i).reduce((sum, previous) => sum + previous.value, 0) / total,
  }));
  return (
    <Box role="img" aria-label={summary} sx={{ height: PIE_CHART_HEIGHT, display: 'grid', gap: 1 }}>
      <Box
        component="svg"
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        sx={{ width: '100%', height: DRAWN_HEIGHT, display: 'block' }}
      >
        <g transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}>
          {slices.map((slice) => (
            <circle
              key={slice.id}
              cx={SIZE / 2}
              cy={SIZE / 2}
              r={RING_RADIUS}
              fill="none"
              stroke={slice.color}
              strokeWidth={RING_WIDTH}
              strokeDasharray={`${slice.fraction * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
              strokeDashoffset={-slice.start * CIRCUMFERENCE}
            >
              {/* The browser's own tooltip: no ARIA on a shape inside an image (the label says it all). */}
              <title>{`${slice.label}: ${tooltip(slice)}`}</title>
            </circle>
          ))}
        </g>
        {slices.map((slice) => {
          const inside = slice.fraction * 2 * Math.PI >= MIN_LABEL_ANGLE;
          const radius = inside ? RING_RADIUS : OUTER_LABEL_RADIUS;
          const middle = (slice.start + slice.fraction / 2) * 2 * Math.PI - Math.PI / 2;
          return (
            <text
              key={slice.id}
              x={SIZE / 2 + radius * Math.cos(middle)}
              y={SIZE / 2 + radius * Math.sin(middle)}
              textAnchor="middle"
              dominantBaseline="central"
              fill={inside ? '#fff' : 'rgba(0, 0, 0, 0.87)'}
              fontWeight={700}
              pointerEvents="none"
            >
              {slice.value}
            </text>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 2, rowGap: 0.5 }}>
        {pieData(distribution).map((slice) => (
          <Box key={slice.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: slice.color }} />
            <Typography variant="body2">{slice.label}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
