import { Box, Typography } from '@mui/material';
import type { QuizCounts } from '../lib/question-status';

/** Quiz Summary: Total Questions, Answered, Marked for Review, Not Answered. */
export function QuizSummary({ counts }: { counts: QuizCounts }) {
  const rows: Array<[string, number]> = [
    ['Total Questions', counts.total],
    ['Answered', counts.answered],
    ['Marked for Review', counts.marked],
    ['Not Answered', counts.notAnswered],
  ];
  return (
    <Box component="section" aria-labelledby="quiz-summary-heading">
      <Typography
        id="quiz-summary-heading"
        component="h2"
        variant="subtitle1"
        sx={{ fontWeight: 700, mb: 1 }}
      >
        Quiz Summary
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, columnGap: 2, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }} data-testid={`summary-${label}`}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
