import { RESULT_MAX_WIDTH_PX, RESULTS_BEING_CHECKED } from '@ai-tutor/contract';
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
import {
  lazy,
  startTransition,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { Assessment, ResultData } from '@ai-tutor/contract';
import { Link as RouterLink, useParams } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/FullPageSpinner';
import { paths } from '../../../lib/paths';
import { useGetAssessmentResultQuery } from '../api/get-result';
import { distribution, scopeLabel } from '../lib/analysis';
import { sessionTitle } from '../lib/session-title';
import { CorrectionsNotice } from './CorrectionsNotice';
import { PerformanceSummary } from './PerformanceSummary';
import type { RowExtra } from './QuestionsOverview';
import { ResultsLater } from './ResultsLater';

// The question table and insights (with KaTeX): a chunk of their own, asked for after the summary.
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
  afterSummary,
  whileResultsWait,
}: {
  /** Actions beside the title for the completed assessment (e.g. sharing), supplied by the route. */
  headerActions?: (assessmentSlug: string) => ReactNode;
  rowExtra?: RowExtra;
  /** Called once the result is here (the route clears the quiz's saved copy: docs/product.md#saving-answers). */
  onOpened?: (assessment: Assessment) => void;
  /** Where the learner's still-running test is, if this browser knows (the route asks the quiz). */
  runningQuizPath?: (assessmentSlug: string) => string | null;
  /** Under the summary: a live test's ranking (the route composes it in, fetched only for one). */
  afterSummary?: (data: ResultData) => ReactNode;
  /**
   * Under a live test's result that is not open yet (before the close, or held for checking): its
   * questions to report (the route composes them in, docs/product.md#question-reports).
   */
  whileResultsWait?: (assessmentSlug: string) => ReactNode;
} = {}) {
  const { assessmentId: slug = '' } = useParams();
  const query = useGetAssessmentResultQuery(slug, { skip: !slug });
  const { error, isLoading, refetch } = query;
  // The summary comes in a deferred render after the title and breadcrumbs (React's useDeferredValue,
  // null at first): one long render of both delayed the page's largest text on a slow phone.
  const summary = useDeferredValue(query.data ?? null, null);
  const status = (error as { status?: unknown } | undefined)?.status;

  useEffect(() => {
    if (query.data) onOpened?.(query.data.assessment);
  }, [query.data, onOpened]);
  useEffect(() => {
    // docs/product.md#errors-and-empty-states: a failed result fetch is only logged (the screen still says what it can).
    if (error) console.error('result fetch failed', error);
  }, [error]);

  if (isLoading) return <FullPageSpinner label="Loading result" />;
  if (!query.data) {
    // A submitted live test: its result opens when the window closes (docs/product.md#live-test-rules).
    const availableAt = (error as { data?: { availableAt?: unknown } } | undefined)?.data?.availableAt;
    if (status === 409 && typeof availableAt === 'string')
      return (
        <>
          <ResultsLater availableAt={availableAt} onOpen={refetch} />
          {whileResultsWait?.(slug)}
        </>
      );
    // Results released by hand, held while the institute checks them (docs/live-tests.md).
    if (status === 409 && (error as { data?: { message?: unknown } }).data?.message === RESULTS_BEING_CHECKED)
      return (
        <>
          <Problem>{RESULTS_BEING_CHECKED}</Problem>
          {whileResultsWait?.(slug)}
        </>
      );
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

  const { assessment } = query.data;
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
      {summary && <ResultBody data={summary} rowExtra={rowExtra} afterSummary={afterSummary} />}
    </Box>
  );
}

/**
 * True from 100 ms after the next frame is drawn. Kept because it measurably helps a slow phone:
 * requested with the summary, the question table's ten files (KaTeX among them) delayed the summary's
 * first paint (docs/decisions/0006-one-spinner-at-start-up.md#measurements).
 * The switch is a transition: React renders the table in slices between which the page stays
 * responsive, instead of one task of every card's maths (the learner can scroll and tap meanwhile).
 */
function useAfterNextFrame(delayMs: number): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the frame is drawn; a timer set there runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAfter(true)), delayMs);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [delayMs]);
  return after;
}

/** The summary, then the question table and insights once their chunk is here. */
function ResultBody({
  data,
  rowExtra,
  afterSummary,
}: {
  data: ResultData;
  rowExtra: RowExtra | undefined;
  afterSummary: ((data: ResultData) => ReactNode) | undefined;
}) {
  const counts = useMemo(() => distribution(data.evaluations), [data]);
  const detailsWanted = useAfterNextFrame(100);
  return (
    <>
      <PerformanceSummary
        assessment={data.assessment}
        distribution={counts}
        practicePercentile={data.practicePercentile}
      />
      {afterSummary?.(data)}
      <CorrectionsNotice corrections={data.corrections} />
      {detailsWanted ? (
        <Suspense fallback={<DetailsLoading />}>
          <ResultDetails
            assessment={data.assessment}
            coach={data.coach}
            evaluations={data.evaluations}
            rowExtra={rowExtra}
          />
        </Suspense>
      ) : (
        <DetailsLoading />
      )}
    </>
  );
}
