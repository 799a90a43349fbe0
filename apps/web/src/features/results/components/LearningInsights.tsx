import type { ResultEvaluation } from '@ai-tutor/contract';
import {
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import {
  accuracy,
  bySubject,
  averageTimeText,
  formatSeconds,
  groupBy,
  percent,
  slowest,
  type AccuracyRow,
} from '../lib/analysis';
import { ScrollableTable } from '../../../components/ui/ScrollableTable';
import { TimePerQuestionChart } from './TimePerQuestionChart';

function AccuracyTable({ caption, first, rows }: { caption: string; first: string; rows: AccuracyRow[] }) {
  return (
    <ScrollableTable label={caption}>
      <Table size="small">
        <caption style={{ captionSide: 'top', padding: '4px 0', textAlign: 'left', fontWeight: 700 }}>
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{first}</TableCell>
            <TableCell align="right">Correct / Attempted</TableCell>
            <TableCell align="right">Accuracy</TableCell>
            <TableCell align="right">Marks lost</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell>
                {row.label} ({row.total})
              </TableCell>
              <TableCell align="right">
                {row.correct} / {row.attempted}
              </TableCell>
              <TableCell align="right">
                {row.attempted ? `${percent(row.correct, row.attempted)}%` : '—'}
              </TableCell>
              <TableCell align="right">{row.marksLost ? `−${row.marksLost}` : '0'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}

/**
 * Beyond the seed, below it: accuracy per subject and per topic (with marks lost to negative marking),
 * and time per question with the slowest ones pointed out.
 */
export function LearningInsights({ evaluations }: { evaluations: ResultEvaluation[] }) {
  const subjects = useMemo(() => accuracy(evaluations, bySubject(evaluations)), [evaluations]);
  const topics = useMemo(
    () =>
      evaluations.some((e) => e.topic)
        ? accuracy(
            evaluations,
            groupBy(evaluations, (e) => e.topic),
          ).filter((t) => t.key !== '__general__')
        : [],
    [evaluations],
  );
  const slow = useMemo(() => slowest(evaluations), [evaluations]);
  const seconds = evaluations.map((e) => Math.max(0, e.timeSpentSeconds));
  const recorded = seconds.some((s) => s > 0);

  return (
    <Box
      sx={{
        // At the foot of the page: skipped by the browser's rendering until it nears the viewport (see
        // question-table.css); the height is a guess until then.
        contentVisibility: 'auto',
        containIntrinsicBlockSize: 'auto 600px',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Paper component="section" aria-labelledby="accuracy-heading" sx={{ p: 2 }}>
        <Typography id="accuracy-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Accuracy
        </Typography>
        <Stack spacing={2}>
          <AccuracyTable caption="Accuracy by subject" first="Subject" rows={subjects} />
          {topics.length > 0 && <AccuracyTable caption="Accuracy by topic" first="Topic" rows={topics} />}
        </Stack>
      </Paper>
      <Paper component="section" aria-labelledby="time-heading" sx={{ p: 2 }}>
        <Typography id="time-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Time per question
        </Typography>
        {recorded ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {averageTimeText(seconds)}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              Slowest:{' '}
              {slow.map((q, i) => (
                <Box component="span" key={q.number} sx={{ fontWeight: 600 }}>
                  {i > 0 && ', '}Q{q.number} ({formatSeconds(q.seconds)}, {q.status.toLowerCase()})
                </Box>
              ))}
            </Typography>
            <TimePerQuestionChart seconds={seconds} slowestNumbers={slow.map((q) => q.number)} />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No time was recorded for this attempt.
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
