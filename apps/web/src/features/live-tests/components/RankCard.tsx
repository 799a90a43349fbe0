import type { RankingData } from '@ai-tutor/contract';
import { Alert, Box, Paper, Typography } from '@mui/material';
import { useId } from 'react';
import { percentileTwoDecimals } from '../lib/figures';

type You = NonNullable<RankingData['you']>;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }}>
        {value}
      </Typography>
    </Box>
  );
}

function RankChanged({ change }: { change: NonNullable<You['rankChanged']> }) {
  const when = new Date(change.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const moved = change.rankAfter < change.rankBefore ? 'rose' : 'fell';
  return (
    <Alert severity="info" sx={{ mt: 1.5 }}>
      After an answer key was corrected on {when}, your score changed from {change.scoreBefore} to{' '}
      {change.scoreAfter} and your rank {moved} from {change.rankBefore} to {change.rankAfter} (percentile{' '}
      {percentileTwoDecimals(change.percentileBefore)} → {percentileTwoDecimals(change.percentileAfter)}).
    </Alert>
  );
}

/** Rank of takers, NTA percentile to two decimals, the score, and a rank change after a key correction. */
export function RankCard({ you, testName }: { you: You; testName: string }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        Your rank in {testName}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}
      >
        <Figure label="Rank" value={`${you.rank} / ${you.takers}`} />
        <Figure label="Percentile" value={you.percentileText} />
        <Figure label="Score" value={`${you.score} / ${you.maxScore}`} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Percentile as NTA computes it: the share of the {you.takers} takers who scored the same as you or
        less. Equal scores share a rank: the next different score ranks after all of them.
      </Typography>
      {you.rankChanged && <RankChanged change={you.rankChanged} />}
    </Paper>
  );
}
