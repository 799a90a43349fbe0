import type { Assessment } from '@ai-tutor/contract';
import { Box, Paper, Typography } from '@mui/material';
import { percent, timeTaken, type Distribution } from '../lib/analysis';
import AnswerDistributionChart from './AnswerDistributionChart';
import { STATUS_COLORS } from './status';

interface TileProps {
  label: string;
  value: string;
  color?: string;
  detail?: string;
  wide?: boolean;
}

function Tile({ label, value, color, detail, wide = false }: TileProps) {
  return (
    <Box
      sx={{
        p: 1.5,
        borderRadius: 2,
        bgcolor: 'action.hover',
        minWidth: 0,
        gridColumn: wide ? '1 / -1' : undefined,
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700, color }}>
        {value}
        {detail && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {detail}
          </Typography>
        )}
      </Typography>
    </Box>
  );
}

/** Performance Summary (score, counts, time taken) and the Answer Distribution pie. */
export function PerformanceSummary({
  assessment,
  distribution,
}: {
  assessment: Assessment;
  distribution: Distribution;
}) {
  const score = assessment.score ?? 0;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Paper component="section" aria-labelledby="performance-heading" sx={{ p: 2 }}>
        <Typography id="performance-heading" component="h2" variant="h6" sx={{ mb: 1.5, fontWeight: 700 }}>
          Performance Summary
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}
        >
          <Tile
            wide
            label="Score"
            value={`${score} / ${assessment.totalMarks}`}
            detail={`${percent(score, assessment.totalMarks)}%`}
          />
          <Tile label="Time Taken" value={timeTaken(assessment)} />
          <Tile label="Correct" value={String(distribution.correct)} color={STATUS_COLORS.Correct} />
          <Tile label="Incorrect" value={String(distribution.incorrect)} color={STATUS_COLORS.Incorrect} />
          <Tile
            label="Not Attempted"
            value={String(distribution.notAttempted)}
            color={STATUS_COLORS['Not Attempted']}
          />
        </Box>
      </Paper>
      <Paper component="section" aria-labelledby="distribution-heading" sx={{ p: 2 }}>
        <Typography id="distribution-heading" component="h2" variant="h6" sx={{ mb: 1, fontWeight: 700 }}>
          Answer Distribution
        </Typography>
        <AnswerDistributionChart distribution={distribution} />
      </Paper>
    </Box>
  );
}
