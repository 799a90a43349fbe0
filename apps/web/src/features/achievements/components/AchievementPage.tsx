import type { Achievement } from '@ai-tutor/contract';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Alert, Box, CircularProgress, Divider, Paper, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { useGetAchievementQuery } from '../api/get-achievement';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export const achievementTexts = {
  title: 'Verified achievement',
  notFound: 'This achievement could not be found. The link may be mistyped.',
  failed: 'The achievement could not be loaded. Please try again later.',
  source: 'Read from AI TUTOR’s records of the attempt: the score is the one the learner actually earned.',
} as const;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 2 }}>
      <Typography component="dt" color="text.secondary" sx={{ minWidth: 80 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

export function AchievementCard({ achievement: a }: { achievement: Achievement }) {
  const date = new Date(a.date);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <VerifiedIcon color="success" aria-hidden />
          <Typography variant="h5" component="h1">
            {achievementTexts.title}
          </Typography>
        </Stack>
        <Typography variant="h6" component="p">
          {a.firstName} scored {a.score} / {a.totalMarks} ({a.percentage.toFixed(1)}%)
        </Typography>
        <Divider />
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
          <Row label="Exam" value={a.exam} />
          <Row label="Module" value={a.module} />
          {a.subject && <Row label="Subject" value={a.subject} />}
          {a.topic && <Row label="Topic" value={a.topic} />}
          <Row label="Date" value={Number.isNaN(date.getTime()) ? a.date : dateFormat.format(date)} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {achievementTexts.source}
        </Typography>
      </Stack>
    </Paper>
  );
}

/** /achievements/:id — public: what a reader of a shared post sees to check the score is real. */
export function AchievementPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading } = useGetAchievementQuery(id, { skip: !id });

  if (isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (data) return <AchievementCard achievement={data} />;
  const notFound = !id || (error as { status?: unknown } | undefined)?.status === 404;
  return (
    <Alert severity={notFound ? 'warning' : 'error'}>
      {notFound ? achievementTexts.notFound : achievementTexts.failed}
    </Alert>
  );
}
