import { SparkLineChart } from '@mui/x-charts/SparkLineChart';

/** The sparkline itself; loaded on demand so the charts library stays out of the first bundle. */
export default function ScoreTrendChart({ percentages }: { percentages: number[] }) {
  return (
    <SparkLineChart
      data={percentages}
      height={36}
      showHighlight
      showTooltip
      color="#1e3a8a"
      valueFormatter={(value) => (value === null ? '' : `${value}%`)}
    />
  );
}
