import {
  INACTIVE_AFTER_DAYS,
  percentileText,
  type BatchAnalytics,
  type LearnerTrend,
} from '@ai-tutor/contract';
import {
  Alert,
  Chip,
  MenuItem,
  Stack,
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
import { useGetBatchAnalyticsQuery } from '../api/analysis';
import { useGetBatchesQuery } from '../api/batches';
import { BatchTestPanel } from './BatchTestPanel';

function AccuracyTable({
  label,
  rows,
}: {
  label: string;
  rows: BatchAnalytics['topics'] | BatchAnalytics['subjects'];
}) {
  if (rows.length === 0) return <Typography>No answers yet.</Typography>;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{label === 'Topics' ? 'Topic' : 'Subject'}</TableCell>
          <TableCell align="right">Accuracy</TableCell>
          <TableCell align="right">Answered</TableCell>
          <TableCell align="right">Time per question</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>
              {row.name}
              {'subject' in row && (
                <Typography variant="caption" display="block" color="text.secondary">
                  {String(row.subject)}
                </Typography>
              )}
            </TableCell>
            <TableCell align="right">{row.accuracyPercent} %</TableCell>
            <TableCell align="right">{row.answered}</TableCell>
            <TableCell align="right">{row.averageSeconds} s</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Learners({ learners }: { learners: LearnerTrend[] }) {
  return (
    <Table size="small" aria-label="Learners">
      <TableHead>
        <TableRow>
          <TableCell>Learner</TableCell>
          <TableCell>Percentile across live tests (oldest first)</TableCell>
          <TableCell>Last attempt</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {learners.map((l) => (
          <TableRow key={l.id}>
            <TableCell>
              {l.name}
              <Typography variant="caption" display="block" color="text.secondary">
                {l.email}
              </Typography>
              <Stack direction="row" spacing={0.5}>
                {l.falling && <Chip size="small" color="warning" label="Falling" />}
                {l.inactive && (
                  <Chip size="small" color="warning" label={`No attempt in ${INACTIVE_AFTER_DAYS} days`} />
                )}
              </Stack>
            </TableCell>
            <TableCell>
              {l.trend.length ? l.trend.map((p) => percentileText(p.percentile)).join(' → ') : '—'}
            </TableCell>
            <TableCell>
              {l.lastAttemptAt ? new Date(l.lastAttemptAt).toLocaleDateString() : 'Never'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Overview({ batchId }: { batchId: string }) {
  const { data, error, isFetching } = useGetBatchAnalyticsQuery(batchId);
  if (error)
    return <Alert severity="error">{errorMessage(error, 'The analytics could not be loaded.')}</Alert>;
  if (!data || isFetching) return <Typography>Loading…</Typography>;
  const attention = data.learners.filter((l) => l.falling || l.inactive).length;
  return (
    <>
      <Alert severity={attention ? 'warning' : 'success'} sx={{ my: 2 }}>
        {attention
          ? `${attention} of ${data.batch.memberCount} learners need a word: no attempt in ${INACTIVE_AFTER_DAYS} days, or their last three live tests each lower.`
          : 'Every learner has practised lately and none is falling.'}
      </Alert>
      <Typography variant="h6" component="h3">
        Live tests
      </Typography>
      <BatchTestPanel batchId={batchId} />
      <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
        Subjects, weakest first
      </Typography>
      <AccuracyTable label="Subjects" rows={data.subjects} />
      <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
        Topics, weakest first
      </Typography>
      <AccuracyTable label="Topics" rows={data.topics} />
      <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
        Learners
      </Typography>
      <Learners learners={data.learners} />
    </>
  );
}

/** /admin/analytics: a teacher's batches — accuracy, time, trends, who to follow up, leaderboards. */
export function AnalyticsScreen() {
  const batches = useGetBatchesQuery({ page: 1, limit: 100 });
  const [picked, setPicked] = useState('');
  const batchId = picked || batches.data?.rows[0]?.id || '';
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Analytics
      </Typography>
      {batches.error && <Alert severity="error">{errorMessage(batches.error)}</Alert>}
      {batches.data?.rows.length === 0 && <Typography>You have no batches yet.</Typography>}
      {batchId && (
        <>
          <TextField
            select
            size="small"
            label="Batch"
            value={batchId}
            onChange={(event) => setPicked(event.target.value)}
            sx={{ minWidth: 280 }}
          >
            {batches.data?.rows.map((b) => (
              <MenuItem key={b.id} value={b.id}>
                {b.name} ({b.memberCount})
              </MenuItem>
            ))}
          </TextField>
          <Overview batchId={batchId} />
        </>
      )}
    </>
  );
}
