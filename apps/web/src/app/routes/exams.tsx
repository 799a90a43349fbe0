import { EXAMS_PAGE_SIZE, EXAMS_START_PAGE } from '@ai-tutor/contract';
import { Alert, Breadcrumbs, Stack, Typography } from '@mui/material';
import { useGetExamsQuery } from '../../features/exams/api/get-exams';
import { ExamsList } from '../../features/exams/components/ExamsList';
import { LoadError } from '../../features/exams/components/LoadError';
import { Loading } from '../../features/exams/components/Loading';
import { RecentResults } from '../../features/exams/components/RecentResults';
import { RunningAttempts } from '../../features/exams/components/RunningAttempts';
import { StartQuizDialog } from '../../features/exams/components/StartQuizDialog';
import { useRunningAttempts } from '../../features/exams/hooks/use-running-attempts';
import { useStartQuiz } from '../../features/exams/hooks/use-start-quiz';
import { LiveTestsSection } from '../../features/live-tests/components/LiveTestsSection';
import { PaletteLegend } from '../../features/quiz/components/PaletteLegend';
import { ReviewDue } from '../../features/review/components/ReviewDue';

/**
 * /exams, the learner's home: the test in progress (to continue), today's review, the live tests,
 * the recent results, then a card per exam (docs/product.md). The list's request is page 1 of 4; further exams load as
 * the learner scrolls to the end of the list.
 */
export default function ExamsPage() {
  const { data, error, isLoading, isFetching, refetch } = useGetExamsQuery({
    page: EXAMS_START_PAGE,
    limit: EXAMS_PAGE_SIZE,
  });
  const start = useStartQuiz();
  const { running } = useRunningAttempts();

  return (
    <Stack spacing={2.5}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Typography color="text.primary" aria-current="page">
          Exams
        </Typography>
      </Breadcrumbs>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Exams
      </Typography>
      <RunningAttempts
        running={running}
        onResume={(r) =>
          start.request({
            label: r.attempt.sessionName,
            size: `${r.attempt.answeredQuestion} of ${r.attempt.totalQuestions} answered`,
            to: r.to,
          })
        }
      />
      <ReviewDue />
      <LiveTestsSection onStart={start.request} />
      <RecentResults />

      {isLoading && <Loading label="Loading exams…" />}
      {error && !isFetching && <LoadError error={error} what="the exams" onRetry={() => void refetch()} />}
      {data && data.exams.length === 0 && (
        <Alert severity="info">No exams are available yet. Please check back later.</Alert>
      )}
      {data && data.exams.length > 0 && <ExamsList first={data} />}
      <StartQuizDialog
        target={start.target}
        onCancel={start.cancel}
        onConfirm={start.confirm}
        legend={<PaletteLegend />}
      />
    </Stack>
  );
}
