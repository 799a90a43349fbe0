import { Alert, Box, Breadcrumbs, Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetExamQuery } from '../../features/exams/api/get-exam';
import { LoadError } from '../../features/exams/components/LoadError';
import { Loading } from '../../features/exams/components/Loading';
import { ModuleCard } from '../../features/exams/components/ModuleCard';
import { RunningAttempts } from '../../features/exams/components/RunningAttempts';
import { StartQuizDialog } from '../../features/exams/components/StartQuizDialog';
import { usePerformance } from '../../features/exams/hooks/use-performance';
import { useRunningAttempts } from '../../features/exams/hooks/use-running-attempts';
import { useStartQuiz } from '../../features/exams/hooks/use-start-quiz';
import { mockTestInstructions } from '../../features/exams/format';
import { PercentileTrend } from '../../features/live-tests/components/PercentileTrend';
import { PaletteLegend } from '../../features/quiz/components/PaletteLegend';
import { ReviewDue } from '../../features/review/components/ReviewDue';
import { paths } from '../../lib/paths';

/**
 * /exams/{slug}: breadcrumb, title, a card per module (mock test, stats, subjects, topics). Start
 * buttons open the fullscreen dialog, then the quiz.
 */
export default function ExamPage() {
  const { id: slug = '' } = useParams();
  const { data: exam, error, isLoading, isFetching, refetch } = useGetExamQuery(slug);
  const performance = usePerformance();
  const start = useStartQuiz();
  const { running, forRoute } = useRunningAttempts();
  const notFound = (error as { status?: unknown } | undefined)?.status === 404;

  return (
    <Stack spacing={2.5}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to={paths.exams} underline="hover" color="inherit">
          Exams
        </Link>
        <Typography color="text.primary" aria-current="page">
          {exam?.name ?? (notFound ? 'Not found' : slug)}
        </Typography>
      </Breadcrumbs>

      {isLoading && <Loading label="Loading the exam…" />}

      {notFound && (
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
            Exam not found
          </Typography>
          <Typography sx={{ mb: 2 }}>
            There is no exam at this address. It may have been removed, or the link may be mistyped.
          </Typography>
          <Button variant="contained" component={RouterLink} to={paths.exams}>
            Back to Exams
          </Button>
        </Box>
      )}
      {error && !notFound && !isFetching && (
        <LoadError error={error} what="this exam" onRetry={() => void refetch()} />
      )}

      {exam && (
        <>
          <Box>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
              {exam.name}
            </Typography>
            {exam.description && (
              <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 800 }}>
                {exam.description}
              </Typography>
            )}
          </Box>
          {performance.isError && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={() => void performance.refetch()}>
                  Try again
                </Button>
              }
            >
              Your scores could not be loaded, so the figures below may be out of date.
            </Alert>
          )}
          <ReviewDue examSlug={exam.slug} />
          <RunningAttempts
            running={running.filter((r) => r.attempt.examSlug === exam.slug)}
            onResume={(r) => {
              // Resuming needs no declaration, but the dialog's "Start afresh" begins a new mock test.
              const mock =
                r.attempt.quizType === 'module' && exam.modules.find((m) => m.slug === r.attempt.moduleSlug);
              start.request({
                label: r.attempt.sessionName,
                size: `${r.attempt.answeredQuestion} of ${r.attempt.totalQuestions} answered`,
                to: r.to,
                ...(mock ? { instructions: mockTestInstructions(mock) } : {}),
              });
            }}
          />
          <PercentileTrend examSlug={exam.slug} />
          {exam.modules.length === 0 && <Alert severity="info">This exam has no tests yet.</Alert>}
          {exam.modules.map((module) => (
            <ModuleCard
              key={module._id}
              examSlug={exam.slug}
              module={module}
              performance={performance}
              onStart={start.request}
            />
          ))}
        </>
      )}
      <StartQuizDialog
        target={start.target}
        onCancel={start.cancel}
        onConfirm={start.confirm}
        runningFor={forRoute}
        legend={<PaletteLegend />}
      />
    </Stack>
  );
}
