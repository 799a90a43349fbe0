import { ScrollableTable } from '../../../components/ui/ScrollableTable';
import {
  ATTEMPT_ENTITY_TYPES,
  ATTEMPTS_DEFAULT_PAGE_SIZE,
  ATTEMPTS_PAGE_SIZES,
  uiTexts,
  type AttemptEntityType,
  type Assessment,
} from '@ai-tutor/contract';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/FullPageSpinner';
import { paths } from '../../../lib/paths';
import { useGetAttemptsQuery } from '../api/get-attempts';
import { sessionTitle } from '../lib/session-title';

const COLUMNS = ['Session Name', 'Exam', 'Questions Attempted', 'Score'] as const;

const isEntityType = (value: string | undefined): value is AttemptEntityType =>
  (ATTEMPT_ENTITY_TYPES as readonly string[]).includes(value ?? '');

function AttemptRow({ attempt }: { attempt: Assessment }) {
  const navigate = useNavigate();
  const to = paths.result(attempt.slug);
  const open = () => navigate(to);
  // A click anywhere on the row opens the result. For the keyboard (and new tabs, and screen readers'
  // link lists) the session name is a real link, which navigates on its own.
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as Element).closest('a')) return;
    open();
  };
  return (
    <TableRow hover onClick={onClick} sx={{ cursor: 'pointer' }}>
      <TableCell>
        <Link component={RouterLink} to={to} underline="hover" color="inherit" sx={{ fontWeight: 600 }}>
          {sessionTitle(attempt)}
        </Link>
      </TableCell>
      <TableCell>{attempt.exam.name}</TableCell>
      <TableCell>
        {attempt.answeredQuestion} / {attempt.totalQuestions}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {attempt.sessionCompleted ? `${attempt.score ?? 0} / ${attempt.totalMarks}` : 'In progress'}
      </TableCell>
    </TableRow>
  );
}

/** 'Assessment Attempts' for /attempts/:entityType/:entityId, paged on the server. */
export function AttemptsScreen() {
  const { entityType, entityId = '' } = useParams();
  const valid = isEntityType(entityType) && entityId !== '';
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(ATTEMPTS_DEFAULT_PAGE_SIZE);
  const { data, error, isLoading, isFetching, refetch } = useGetAttemptsQuery(
    { entityType: valid ? entityType : 'subject', entitySlug: entityId, page: page + 1, limit: rowsPerPage },
    { skip: !valid },
  );

  useEffect(() => {
    // docs/product.md#errors-and-empty-states: a failed attempts fetch is only logged.
    if (error) console.error('attempts fetch failed', error);
  }, [error]);

  if (isLoading) return <FullPageSpinner label="Loading attempts" />;
  const attempts = data?.assessments ?? [];

  return (
    // One column no wider than the screen: a grid track otherwise grows to its widest item's min-content
    // width, so the table's full width widened the page on a phone instead of scrolling in its own box.
    <Box sx={{ maxWidth: 1000, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Breadcrumbs aria-label="breadcrumb">
        <Link component={RouterLink} to={paths.exams} underline="hover" color="inherit">
          Exams
        </Link>
        <Typography color="text.primary" aria-current="page">
          Assessment Attempts
        </Typography>
      </Breadcrumbs>
      <Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          Assessment Attempts
        </Typography>
        {data?.entityData.name && (
          <Typography component="p" variant="subtitle1" color="text.secondary">
            {data.entityData.name}
          </Typography>
        )}
      </Box>
      {error && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          The attempts could not be loaded.
        </Alert>
      )}
      <Paper>
        {isFetching && <LinearProgress aria-label="Loading attempts" />}
        <ScrollableTable label="Assessment Attempts">
          <Table aria-label="Assessment Attempts">
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c} sx={{ fontWeight: 700 }}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {attempts.map((attempt) => (
                <AttemptRow key={attempt._id} attempt={attempt} />
              ))}
              {attempts.length === 0 && !error && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {uiTexts.noAttempts}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </ScrollableTable>
        <TablePagination
          component="div"
          // On a phone the rows-per-page picker, the range and the arrows take a second line rather than
          // running past the screen's edge.
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: 0.5 } }}
          count={data?.total ?? 0}
          page={page}
          onPageChange={(_e, next) => setPage(next)}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={[...ATTEMPTS_PAGE_SIZES]}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      </Paper>
    </Box>
  );
}
