import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../../lib/base-query';
import { languageName } from '../../../lib/languages';
import {
  translationsApi,
  useDraftExamTranslationsMutation,
  useGetTranslationJobQuery,
} from '../api/translations';

const POLL_MS = 1000;

/**
 * The AI drafts the missing translations of every question of an exam (docs/languages.md#the-console):
 * a job on the server, polled here until it is done, so a long run holds no request. Drafts only.
 */
export function ExamTranslateButton({ exam, lang }: { exam: { slug: string; name: string }; lang: string }) {
  const [start, starting] = useDraftExamTranslationsMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  // Asked again while it runs, decided from the cached answer (as the item analysis screen does).
  const cached = translationsApi.endpoints.getTranslationJob.useQueryState(jobId ?? '', { skip: !jobId });
  const { data } = useGetTranslationJobQuery(jobId ?? '', {
    skip: !jobId,
    pollingInterval: cached.data && cached.data.state !== 'running' ? 0 : POLL_MS,
  });
  const running = starting.isLoading || (jobId !== null && (!data || data.state === 'running'));
  const outcome = data?.outcome;

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Button
        variant="outlined"
        disabled={running}
        onClick={async () => {
          const result = await start({ slug: exam.slug, lang });
          if ('data' in result && result.data) setJobId(result.data.id);
        }}
      >
        Translate every question of {exam.name} missing {languageName(lang)}
      </Button>
      {running && data && (
        <>
          <LinearProgress
            variant={data.total ? 'determinate' : 'indeterminate'}
            value={data.total ? (100 * data.processed) / data.total : 0}
            aria-label={`Questions translated into ${languageName(lang)}`}
          />
          <Typography variant="body2" role="status">
            {data.processed} of {data.total} questions…
          </Typography>
        </>
      )}
      {starting.isError && <Alert severity="error">{errorMessage(starting.error)}</Alert>}
      {data?.state === 'failed' && <Alert severity="error">{data.failure}</Alert>}
      {data?.state === 'done' && outcome && (
        <Alert
          severity={outcome.rejected.length || outcome.stoppedBecause ? 'warning' : 'success'}
          role="status"
        >
          {outcome.saved.length} draft{outcome.saved.length === 1 ? '' : 's'} saved for review
          {outcome.rejected.length
            ? `; ${outcome.rejected.length} refused (${outcome.rejected[0]!.reason}…)`
            : ''}
          {outcome.stoppedBecause ? `; stopped: ${outcome.stoppedBecause}` : ''}.
        </Alert>
      )}
    </Stack>
  );
}
