import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { tutorPaths } from '../../../lib/tutor-paths';

export interface DueCounts {
  dueNow: number;
  dueToday: number;
  total: number;
}

/**
 * "Due for review: N" on /exams and each exam page. Hidden while the learner's queue is empty (a new
 * learner has nothing to review and needs no card about it); "Nothing due" once it has questions but
 * none due now, so the learner knows the queue exists and when to come back.
 */
export function DueCard({ counts, examSlug }: { counts: DueCounts | undefined; examSlug?: string }) {
  const titleId = useId();
  if (!counts || counts.total === 0) return null;
  const laterToday = Math.max(0, counts.dueToday - counts.dueNow);
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <div>
            <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              {counts.dueNow > 0 ? `Due for review: ${counts.dueNow}` : 'Nothing due for review'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {laterToday > 0 ? `${laterToday} ${counts.dueNow > 0 ? 'more ' : ''}due later today · ` : ''}
              {counts.total} question{counts.total === 1 ? '' : 's'} in your review queue
            </Typography>
          </div>
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to={tutorPaths.mistakes(examSlug ? { exam: examSlug } : {})}>
              Mistakes notebook
            </Button>
            {counts.dueNow > 0 && (
              <Button variant="contained" component={RouterLink} to={paths.review}>
                Review now
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
