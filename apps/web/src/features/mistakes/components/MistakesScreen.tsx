import { MISTAKE_KINDS } from '@ai-tutor/contract';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  CircularProgress,
  Link,
  Pagination,
  Stack,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/base-query';
import { paths } from '../../../lib/paths';
import { tutorPaths, type MistakesFilter } from '../../../lib/tutor-paths';
import { useDismissMistakeMutation } from '../api/dismiss-mistake';
import { MISTAKES_PAGE_SIZE, useGetMistakesQuery } from '../api/get-mistakes';
import type { FilterCatalogue, MistakeView } from '../types';
import { MistakeFilters } from './MistakeFilters';
import { MistakeItem } from './MistakeItem';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /mistakes: the learner's notebook — what they got wrong, skipped or guessed — filtered by exam,
 * subject and topic, a page at a time; the filters and the page live in the URL, so a link or a reload
 * shows the same list.
 */
export function MistakesScreen({
  catalogue,
  askTutor,
}: {
  catalogue?: FilterCatalogue | undefined;
  /** The AI tutor's "Ask AI tutor" for an entry, supplied by the route (another feature). */
  askTutor?: (mistake: MistakeView) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const filter: MistakesFilter = {
    exam: params.get('exam') ?? undefined,
    subject: params.get('subject') ?? undefined,
    topic: params.get('topic') ?? undefined,
    kind: params.get('kind') ?? undefined,
  };
  const page = pageFrom(params.get('page'));
  const { data, error, isLoading, isFetching, refetch } = useGetMistakesQuery({
    examSlug: filter.exam,
    subjectSlug: filter.subject,
    topicSlug: filter.topic,
    kind: MISTAKE_KINDS.find((k) => k === filter.kind),
    page,
    limit: MISTAKES_PAGE_SIZE,
  });
  const [dismiss] = useDismissMistakeMutation();
  // Taken off at once; the list's refetch then fills the page up again.
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const shown = (data?.mistakes ?? []).filter((m) => !dismissed.has(m.id));
  const pages = data ? Math.max(1, Math.ceil(data.total / MISTAKES_PAGE_SIZE)) : 1;
  const go = (next: MistakesFilter) =>
    setParams(new URLSearchParams(tutorPaths.mistakes(next).split('?')[1] ?? ''));

  const onDismiss = async (mistake: MistakeView) => {
    setDismissed((set) => new Set(set).add(mistake.id));
    const result = await dismiss(mistake.id);
    if (result.error) {
      setDismissed((set) => {
        const next = new Set(set);
        next.delete(mistake.id);
        return next;
      });
      toast(errorMessage(result.error, 'Could not take it off your list. Please try again.'), 'error');
      return;
    }
    toast(result.data || 'Removed from your review queue.', 'success');
    // The last entry of a later page: show the page before, which still has entries.
    if (shown.length === 1 && page > 1) go({ ...filter, page: String(page - 1) });
  };

  return (
    <Stack spacing={2.5}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to={paths.exams} underline="hover" color="inherit">
          Exams
        </Link>
        <Typography color="text.primary" aria-current="page">
          Mistakes notebook
        </Typography>
      </Breadcrumbs>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Mistakes notebook
        </Typography>
        <Typography color="text.secondary">
          Questions you got wrong, left unattempted or guessed. Mark one &quot;I&apos;ve got this&quot; when
          it no longer needs you.
        </Typography>
      </Box>
      <MistakeFilters catalogue={catalogue} filter={filter} onChange={go} />
      {isLoading && (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Loading your mistakes…</Typography>
        </Box>
      )}
      {error && !isFetching && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {`Could not load your mistakes. ${errorMessage(error)}`}
        </Alert>
      )}
      {data && shown.length === 0 && !isFetching && (
        <Alert severity="info">
          {filter.exam || filter.subject || filter.topic || filter.kind
            ? 'No mistakes match these filters.'
            : 'No mistakes to go over. Questions you get wrong or skip in a test will appear here.'}
        </Alert>
      )}
      {data && shown.length > 0 && (
        <Stack spacing={2} aria-busy={isFetching}>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {data.total} question{data.total === 1 ? '' : 's'}
            {pages > 1 ? ` · page ${Math.min(page, pages)} of ${pages}` : ''}
          </Typography>
          {shown.map((mistake) => (
            <MistakeItem
              key={mistake.id}
              mistake={mistake}
              askTutor={askTutor}
              onDismiss={(m) => void onDismiss(m)}
              dismissing={dismissed.has(mistake.id)}
            />
          ))}
        </Stack>
      )}
      {data && pages > 1 && (
        <Pagination
          sx={{ alignSelf: 'center' }}
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, next) => go({ ...filter, page: next === 1 ? undefined : String(next) })}
          aria-label="Mistakes pages"
        />
      )}
    </Stack>
  );
}
