import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatSeconds } from '../lib/analysis';

interface Props {
  seconds: number[];
  slowestNumbers: number[];
}

/** Seconds per question, the slowest bars in amber; loaded on its own with the other chart. */
export default function TimePerQuestionChart({ seconds, slowestNumbers }: Props) {
  const labels = seconds.map((_s, i) => `Q${i + 1}`);
  return (
    <Box aria-hidden sx={{ width: '100%' }}>
      <BarChart
        height={200}
        hideLegend
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        xAxis={[
          {
            scaleType: 'band',
            data: labels,
            colorMap: {
              type: 'ordinal',
              values: slowestNumbers.map((n) => `Q${n}`),
              colors: slowestNumbers.map(() => '#d97706'),
              unknownColor: '#1e3a8a',
            },
          },
        ]}
        yAxis={[{ width: 44, valueFormatter: (v: number) => `${v}s` }]}
        series={[{ data: seconds, label: 'Time spent', valueFormatter: (v) => formatSeconds(v ?? 0) }]}
      />
    </Box>
  );
}
