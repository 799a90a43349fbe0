import type { LiveTestRef } from '@ai-tutor/contract';
import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useGetRankingQuery } from '../api/get-ranking';
import { availableAtIn, liveTexts } from '../lib/time';
import { RankCard } from './RankCard';
import { ScoreDistributionChart } from './ScoreDistributionChart';
import { TopGroupTable } from './TopGroupTable';

/** While the ranking is computed (a 409 with `availableAt` a few seconds ahead), ask again then. */
function useRetryAt(at: string | null, retry: () => void) {
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (!at) return;
    const wait = Math.max(1000 * 2 ** Math.min(tries, 5), Date.parse(at) - Date.now() + 500);
    const timer = setTimeout(() => {
      retry();
      setTries((n) => n + 1);
    }, wait);
    return () => clearTimeout(timer);
  }, [at, retry, tries]);
}

/**
 * A live test's result, under the summary (docs/product.md#live-test-rules): the learner's rank card, the score
 * distribution with their own band marked, and their figures per subject beside the top 10 %'s.
 * Loaded with its own chunk, only for a live test's result.
 */
export default function LiveRanking({ liveTest }: { liveTest: LiveTestRef }) {
  const headingId = useId();
  const { data, error, refetch } = useGetRankingQuery(liveTest.id);
  const retryAt = error ? availableAtIn(error) : null;
  useRetryAt(retryAt, refetch);

  if (!data) {
    if (error && !retryAt)
      return <Alert severity="warning">The ranking of {liveTest.name} could not be loaded.</Alert>;
    return (
      <Paper sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <CircularProgress size={20} aria-label="Loading the ranking" />
        {retryAt && <Typography variant="body2">{liveTexts.rankingInProgress}</Typography>}
      </Paper>
    );
  }
  return (
    <>
      {data.you && <RankCard you={data.you} testName={data.test.name} />}
      <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          How {data.takers} takers scored
        </Typography>
        <ScoreDistributionChart buckets={data.distribution} />
        <Box sx={{ mt: 2 }}>
          <TopGroupTable subjects={data.subjects} topTakers={data.topTenPercent.takers} />
        </Box>
      </Paper>
    </>
  );
}
