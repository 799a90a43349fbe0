import { RESULT_MAX_WIDTH_PX } from '@ai-tutor/contract';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  CircularProgress,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import type { Assessment, ResultData } from '@ai-tutor/contract';
import { Link as RouterLink, useParams } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/FullPageSpinner';
import { paths } from '../../../lib/paths';
import { useGetAssessmentResultQuery } from '../api/get-result';
import { distribution, scopeLabel } from '../lib/analysis';
import { sessionTitle } from '../lib/session-title';
import { PerformanceSummary } from './PerformanceSummary';
import type { RowExtra } from './QuestionsOverview';

// The question table and insights (with KaTeX): a chunk of their own, so the summary does not wait for it.
const ResultDetails = lazy(() => import('./ResultDetails'));

function DetailsLoading() {
  return (
    <Paper sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
      <CircularProgress size={28} aria-label="Loading the questions" />
    </Paper>
  );
}

function Problem({
  children,
  action,
}: {
  children: string;
  action?: { label: string; to?: string; onClick?: () => void };
}) {
  return (
    <Box sx={{ maxWidth: RESULT_MAX_WIDTH_PX, mx: 'auto', mt: 3 }}>
      <Alert
        severity="info"
        action={
          <Stack direction="row" spacing={1}>
            {action &&
              (action.to ? (
                <Button color="inherit" component={RouterLink} to={action.to}>
                  {action.label}
                </Button>
              ) : (
                <Button color="inherit" onClick={action.onClick}>
                  {action.label}
                </Button>
              ))}
            <Button color="inherit" component={RouterLink} to={paths.exams}>
              Exams
            </Button>
          </Stack>
        }
      >
        {children}
      </Alert>
    </Box>
  );
}

/** 'Test Analysis' for /quiz/result/:assessmentId (the assessment slug). */
export function ResultScreen({
  headerActions,
  rowExtra,
  onOpened,
  runningQuizPath,
}: {
  /** Actions beside the title for the completed assessment (e.g. sharing), supplied by the route. */
  headerActions?: (assessmentSlug: string) => ReactNode;
  rowExtra?: RowExtra;
  /** Called once the result is here (the route clears the quiz's saved copy: SPEC.md §4). */
  onOpened?: (assessment: Assessment) => void;
  /** Where the learner's still-running test is, if this browser knows (the route asks the quiz). */
  runningQuizPath?: (assessmentSlug: string) => string | null;
} = {}) {
  const { assessmentId: slug = '' } = useParams();
  const query = useGetAssessmentResultQuery(slug, { skip: !slug });
  const { data, error, isLoading, refetch } = query;
  const status = (error as { status?: unknown } | undefined)?.status;

  useEffect(() => {
    if (data) onOpened?.(data.assessment);
  }, [data, onOpened]);
  useEffect(() => {
    // SPEC.md §8: a failed result fetch is only logged (the screen still says what it can).
    if (error) console.error('result fetch failed', error);
  }, [error]);

  if (isLoading) return <FullPageSpinner label="Loading result" />;
  if (!data) {
    if (status === 409) {
      const back = runningQuizPath?.(slug);
      return (
        <Problem {...(back ? { action: { label: 'Back to the quiz', to: back } } : {})}>
          This test is still in progress. Its result appears here once it is submitted or its time runs out.
        </Problem>
      );
    }
    if (status === 404) return <Problem>This result was not found.</Problem>;
    return (
      <Problem action={{ label: 'Try again', onClick: () => void refetch() }}>
        The result could not be loaded.
      </Problem>
    );
  }

  const { assessment } = data;
  return (
    <Box
      sx={{
        maxWidth: RESULT_MAX_WIDTH_PX,
        mx: 'auto',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'minmax(0, 1fr)',
      }}
    >
      <Breadcrumbs aria-label="breadcrumb">
        <Link component={RouterLink} to={paths.exams} underline="hover" color="inherit">
          Exams
        </Link>
        <Link component={RouterLink} to={paths.exam(assessment.exam.slug)} underline="hover" color="inherit">
          {assessment.exam.name}
        </Link>
        <Typography color="text.secondary">{scopeLabel(assessment)}</Typography>
        <Typography color="text.primary" aria-current="page">
          Result
        </Typography>
      </Breadcrumbs>
      <Paper
        component="header"
        sx={{
          p: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            Test Analysis
          </Typography>
          <Typography component="p" variant="subtitle1" color="text.secondary">
            {sessionTitle(assessment)}
          </Typography>
        </Box>
        {headerActions?.(assessment.slug)}
      </Paper>
      <ResultBody data={data} rowExtra={rowExtra} />
    </Box>
  );
}

/** The summary, then the question table and insights once their chunk is here. */
function ResultBody({ data, rowExtra }: { data: ResultData; rowExtra: RowExtra | undefined }) {
  const counts = useMemo(() => distribution(data.evaluations), [data]);
  return (
    <>
      <PerformanceSummary assessment={data.assessment} distribution={counts} />
      <Suspense fallback={<DetailsLoading />}>
        <ResultDetails evaluations={data.evaluations} rowExtra={rowExtra} />
      </Suspense>
    </>
  );
}
