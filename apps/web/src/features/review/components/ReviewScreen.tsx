import { ScrollableTable } from '../../../components/ui/ScrollableTable';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Card,
  CardContent,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../lib/base-query';
import { paths } from '../../../lib/paths';
import { tutorPaths } from '../../../lib/tutor-paths';
import { useGetReviewSummaryQuery } from '../api/get-review-summary';
import type { ReviewSummaryView } from '../types';

function ExamReview({ exam }: { exam: ReviewSummaryView['exams'][number] }) {
  const titleId = useId();
  const due = exam.counts.dueNow;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              {exam.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {due > 0 ? `Due for review: ${due}` : 'Nothing due right now'} · {exam.counts.dueToday} due
              today · {exam.counts.total} in the queue
            </Typography>
          </Box>
          {due > 0 && (
            <Button
              variant="contained"
              component={RouterLink}
              to={tutorPaths.reviewSession(exam.slug)}
              aria-label={`Start review: ${exam.name}`}
            >
              Start review
            </Button>
          )}
        </Stack>
        {exam.subjects.length > 0 && (
          <ScrollableTable label={`${exam.name}: due by subject`}>
            <Table size="small" aria-label={`${exam.name}: due by subject`}>
              <TableHead>
                <TableRow>
                  <TableCell>Subject</TableCell>
                  <TableCell align="right">Due now</TableCell>
                  <TableCell align="right">Due today</TableCell>
                  <TableCell align="right">In the queue</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {exam.subjects.map((subject) => (
                  <TableRow key={subject.slug}>
                    <TableCell>{subject.name}</TableCell>
                    <TableCell align="right">{subject.counts.dueNow}</TableCell>
                    <TableCell align="right">{subject.counts.dueToday}</TableCell>
                    <TableCell align="right">{subject.counts.total}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollableTable>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /review: what is due in the learner's review queue, per exam and subject, and a Start button per
 * exam. A review session takes that exam's due questions (at most 20), interleaved across topics,
 * untimed; its marks do not enter the records (docs/product.md#performance-records).
 */
export function ReviewScreen() {
  const { data, error, isLoading, refetch } = useGetReviewSummaryQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <Stack spacing={2.5}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to={paths.exams} underline="hover" color="inherit">
          Exams
        </Link>
        <Typography color="text.primary" aria-current="page">
          Review
        </Typography>
      </Breadcrumbs>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Review
        </Typography>
        <Typography color="text.secondary">
          Questions you got wrong, skipped or guessed come back when you are about to forget them.
        </Typography>
      </Box>
      {isLoading && <Typography role="status">Loading your review queue…</Typography>}
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {`Could not load your review queue. ${errorMessage(error)}`}
        </Alert>
      )}
      {data && (
        <Typography component="p" variant="h6" aria-live="polite">
          Due now: {data.overall.dueNow} · due today: {data.overall.dueToday} · in the queue:{' '}
          {data.overall.total}
        </Typography>
      )}
      {data && data.exams.length === 0 && (
        <Alert severity="info">
          Nothing to review yet. Questions you get wrong, skip or guess in a test are scheduled here.
        </Alert>
      )}
      {data?.exams.map((exam) => (
        <ExamReview key={exam.slug} exam={exam} />
      ))}
      <Box>
        <Button component={RouterLink} to={tutorPaths.mistakes()}>
          Open the mistakes notebook
        </Button>
      </Box>
    </Stack>
  );
}
