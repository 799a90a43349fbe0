import { EXAMS_PAGE_SIZE, EXAMS_START_PAGE } from '@ai-tutor/contract';
import { Alert, Box, Breadcrumbs, Button, Pagination, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useGetExamsQuery } from '../../features/exams/api/get-exams';
import { ExamCard } from '../../features/exams/components/ExamCard';
import { LoadError } from '../../features/exams/components/LoadError';
import { Loading } from '../../features/exams/components/Loading';
import { StartQuizDialog } from '../../features/exams/components/StartQuizDialog';
import { useStartQuiz } from '../../features/exams/hooks/use-start-quiz';
import { LiveTestsSection } from '../../features/live-tests/components/LiveTestsSection';
import { PaletteLegend } from '../../features/quiz/components/PaletteLegend';
import { ReviewDue } from '../../features/review/components/ReviewDue';
import { paths } from '../../lib/paths';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : EXAMS_START_PAGE;
}

/**
 * /exams: a card per exam, page 1 of 4 (docs/product.md#exams-list). The pagination control appears only when there
 * are more exams than fit, so a fifth exam can be reached; the page lives in the URL (?page=2). Above
 * them, the live tests (docs/product.md#live-tests), started through the same dialog as any test.
 */
export default function ExamsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const { data, error, isLoading, isFetching, refetch } = useGetExamsQuery({ page, limit: EXAMS_PAGE_SIZE });
  const pages = data ? Math.max(1, Math.ceil(data.total / EXAMS_PAGE_SIZE)) : 1;
  const start = useStartQuiz();

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
      <LiveTestsSection onStart={start.request} />
      <ReviewDue />

      {isLoading && <Loading label="Loading exams…" />}
      {error && !isFetching && <LoadError error={error} what="the exams" onRetry={() => void refetch()} />}
      {data && data.exams.length === 0 && (
        <Alert
          severity="info"
          action={
            data.total > 0 ? (
              <Button color="inherit" size="small" component={RouterLink} to={paths.exams}>
                First page
              </Button>
            ) : undefined
          }
        >
          {data.total === 0
            ? 'No exams are available yet. Please check back later.'
            : 'There are no exams on this page.'}
        </Alert>
      )}
      {data && data.exams.length > 0 && (
        <Box
          aria-busy={isFetching}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
            gap: 2,
            opacity: isFetching ? 0.6 : 1,
          }}
        >
          {data.exams.map((exam) => (
            <ExamCard key={exam.slug} exam={exam} />
          ))}
        </Box>
      )}
      {data && data.total > EXAMS_PAGE_SIZE && (
        <Pagination
          sx={{ alignSelf: 'center' }}
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, next) => setParams(next === EXAMS_START_PAGE ? {} : { page: String(next) })}
          aria-label="Exam pages"
        />
      )}
      <StartQuizDialog
        target={start.target}
        onCancel={start.cancel}
        onConfirm={start.confirm}
        legend={<PaletteLegend />}
      />
    </Stack>
  );
}
