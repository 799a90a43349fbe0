import { PIE_CHART_HEIGHT } from '@ai-tutor/contract';
import { Box } from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import { percent, type Distribution } from '../lib/analysis';
import { STATUS_COLORS } from './status';

/** Pie slices: three categories labelled with counts, green / red / grey. */
export function pieData(d: Distribution) {
  return [
    { id: 'correct', value: d.correct, label: `Correct (${d.correct})`, color: STATUS_COLORS.Correct },
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

/** Loaded on its own: MUI X Charts stays out of every other screen's download. */
export default function AnswerDistributionChart({ distribution }: { distribution: Distribution }) {
  const summary = `Answer distribution: ${distribution.correct} correct, ${distribution.incorrect} incorrect, ${distribution.notAttempted} not attempted, of ${distribution.total} questions.`;
  return (
    <Box role="img" aria-label={summary} sx={{ width: '100%' }}>
      <PieChart
        height={PIE_CHART_HEIGHT}
        series={[
          {
            data: pieData(distribution),
            valueFormatter: pieTooltip(distribution),
            arcLabel: (item) => (item.value > 0 ? String(item.value) : ''),
            arcLabelMinAngle: 12,
            innerRadius: 40,
            paddingAngle: 1,
            cornerRadius: 3,
            highlightScope: { fade: 'global', highlight: 'item' },
          },
        ]}
        sx={{ '& .MuiPieArcLabel-root': { fill: '#fff', fontWeight: 700 } }}
      />
    </Box>
  );
}
