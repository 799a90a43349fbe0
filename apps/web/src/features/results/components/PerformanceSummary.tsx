import './performance-summary.css';
import { PERCENTILE_MIN_FIRST_ATTEMPTS, type Assessment, type PracticePercentile } from '@ai-tutor/contract';
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
    <div className={wide ? 'summary-tile wide' : 'summary-tile'}>
      <dt>{label}</dt>
      <dd style={color ? { color } : undefined}>
        {value}
        {detail && <span className="detail">{detail}</span>}
      </dd>
    </div>
  );
}

/** Performance Summary (score, counts, time taken) and the Answer Distribution pie. */
export function PerformanceSummary({
  assessment,
  distribution,
  practicePercentile,
}: {
  assessment: Assessment;
  distribution: Distribution;
  /** Ordinary mock tests: this score among every learner's first attempt (docs/product.md#practice-percentile). */
  practicePercentile?: PracticePercentile | undefined;
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
        <dl className="summary-tiles">
          <Tile
            wide
            label="Score"
            value={`${score} / ${assessment.totalMarks}`}
            detail={`${percent(score, assessment.totalMarks)}%`}
          />
          <Tile label="Time Taken" value={timeTaken(assessment)} />
          {practicePercentile && (
            <Tile
              label="Percentile"
              value={practicePercentile.percentileText ?? 'Not yet'}
              detail={
                practicePercentile.percentileText === null
                  ? `shown from ${PERCENTILE_MIN_FIRST_ATTEMPTS} first attempts; ${practicePercentile.firstAttempts} so far`
                  : `among ${practicePercentile.firstAttempts} first attempts`
              }
            />
          )}
          <Tile label="Correct" value={String(distribution.correct)} color={STATUS_COLORS.Correct} />
          {distribution.partial > 0 && (
            <Tile
              label="Partially Correct"
              value={String(distribution.partial)}
              color={STATUS_COLORS['Partially Correct']}
            />
          )}
          <Tile label="Incorrect" value={String(distribution.incorrect)} color={STATUS_COLORS.Incorrect} />
          <Tile
            label="Not Attempted"
            value={String(distribution.notAttempted)}
            color={STATUS_COLORS['Not Attempted']}
          />
        </dl>
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
