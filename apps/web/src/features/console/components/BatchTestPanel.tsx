import { analysisApiPaths, percentileText, type BatchTestAnalytics } from '@ai-tutor/contract';
import {
  Alert,
  Box,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../../lib/base-query';
import { fillPath, useGetAnalyticsLiveTestsQuery, useGetBatchTestAnalyticsQuery } from '../api/analysis';
import { DownloadButtons } from './DownloadButtons';

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The score distribution as bars: one line per bucket, its width the bucket's share of the batch. */
function Distribution({ buckets }: { buckets: BatchTestAnalytics['distribution'] }) {
  const most = Math.max(1, ...buckets.map((b) => b.count));
  return (
    <Box component="ul" aria-label="Score distribution" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {buckets.map((b) => (
        <Box component="li" key={b.from} sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: 13 }}>
          <Box sx={{ width: 80, textAlign: 'right' }}>
            {b.from} to {b.to}
          </Box>
          <Box
            sx={{ height: 12, width: `${(70 * b.count) / most}%`, bgcolor: 'primary.main', borderRadius: 1 }}
          />
          <span>{b.count}</span>
        </Box>
      ))}
    </Box>
  );
}

function Leaderboard({ data }: { data: BatchTestAnalytics }) {
  return (
    <>
      <Typography sx={{ mt: 2 }}>
        {data.leaderboard.length} of the batch took it ({data.test.takers} takers in all, out of{' '}
        {data.test.maxScore}
        ).
      </Typography>
      <Table size="small" aria-label="Leaderboard">
        <TableHead>
          <TableRow>
            <TableCell>In batch</TableCell>
            <TableCell>Rank</TableCell>
            <TableCell>Learner</TableCell>
            <TableCell align="right">Score</TableCell>
            <TableCell align="right">Percentile</TableCell>
            <TableCell align="right">Time</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.leaderboard.map((row) => (
            <TableRow key={row.learnerId}>
              <TableCell>{row.batchRank}</TableCell>
              <TableCell>{row.rank}</TableCell>
              <TableCell>
                {row.name}
                <Typography variant="caption" display="block" color="text.secondary">
                  {row.email}
                </Typography>
              </TableCell>
              <TableCell align="right">{row.score}</TableCell>
              <TableCell align="right">{percentileText(row.percentile)}</TableCell>
              <TableCell align="right">{minutes(row.seconds)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="h6" component="h4" sx={{ mt: 2 }}>
        Score distribution
      </Typography>
      <Distribution buckets={data.distribution} />
      {data.absent.length > 0 && (
        <Typography sx={{ mt: 2 }}>Did not take it: {data.absent.map((a) => a.name).join(', ')}</Typography>
      )}
    </>
  );
}

/** A live test the batch's learners took: pick it, see the batch's leaderboard, export the results. */
export function BatchTestPanel({ batchId }: { batchId: string }) {
  const tests = useGetAnalyticsLiveTestsQuery({ batchId });
  const [picked, setPicked] = useState('');
  const testId = picked || tests.data?.tests[0]?.id || '';
  const board = useGetBatchTestAnalyticsQuery({ id: batchId, testId }, { skip: !testId });
  if (tests.error) return <Alert severity="error">{errorMessage(tests.error)}</Alert>;
  if (!tests.data) return <Typography>Loading…</Typography>;
  if (tests.data.tests.length === 0)
    return <Typography>No learner of this batch has taken a live test yet.</Typography>;
  const name = tests.data.tests.find((t) => t.id === testId)?.name ?? 'results';
  return (
    <Box>
      <TextField
        select
        size="small"
        label="Live test"
        value={testId}
        onChange={(event) => setPicked(event.target.value)}
        sx={{ minWidth: 280, mb: 2 }}
      >
        {tests.data.tests.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name} ({t.takers})
          </MenuItem>
        ))}
      </TextField>
      <DownloadButtons
        downloads={[
          {
            label: 'Results (Excel)',
            path: fillPath(analysisApiPaths.testResultsXlsx, { id: testId }),
            fileName: `${name}.xlsx`,
          },
          {
            label: 'Results (CSV)',
            path: fillPath(analysisApiPaths.testResultsCsv, { id: testId }),
            fileName: `${name}.csv`,
          },
        ]}
      />
      {board.error && <Alert severity="error">{errorMessage(board.error)}</Alert>}
      {board.data && <Leaderboard data={board.data} />}
    </Box>
  );
}
