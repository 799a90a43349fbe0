import type { ScheduledTest } from '@ai-tutor/contract';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useId, useRef } from 'react';
import { useGetScheduledTestsQuery } from '../api/get-scheduled-tests';
import { useServerNow } from '../hooks/use-server-clock';
import { LiveTestItem, type LiveTestStart } from './LiveTestItem';

/** The ranking follows a close within seconds (the save grace, then the ranking job). */
const RANKED_WITHIN_MS = 20_000;

function Group({
  title,
  tests,
  now,
  onStart,
}: {
  title: string;
  tests: ScheduledTest[];
  now: number;
  onStart: (start: LiveTestStart) => void;
}) {
  const titleId = useId();
  if (tests.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h3" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {tests.map((test) => (
          <LiveTestItem key={test.id} test={test} now={now} onStart={onStart} />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * /exams' "Live tests" (docs/product.md#live-tests): live ones with Start, upcoming ones counting down to their
 * opening, past ones with the learner's rank. When a countdown reaches its moment the list is asked
 * again, so a test moves from upcoming to live (and from live to past, then ranked) without a reload.
 */
export function LiveTestsSection({ onStart }: { onStart: (start: LiveTestStart) => void }) {
  const headingId = useId();
  const { data, error, fulfilledTimeStamp, isFetching, refetch } = useGetScheduledTestsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const now = useServerNow(data?.serverTime, fulfilledTimeStamp);

  const next = data
    ? Math.min(
        ...data.upcoming.map((t) => Date.parse(t.opensAt)),
        ...data.live.map((t) => Date.parse(t.closesAt)),
        // A test the learner took, closed but not ranked yet: once more when the ranking should be done
        // (not for one whose results are held for checking: its ranking waits for the release).
        ...data.past
          .filter((t) => !t.resultsReady && !t.resultsHeld && t.you.state !== 'not_started')
          .map((t) => Date.parse(t.closesAt) + RANKED_WITHIN_MS),
      )
    : Infinity;
  const askedFor = useRef<number | null>(null);
  useEffect(() => {
    if (now < next || isFetching || askedFor.current === next) return;
    askedFor.current = next;
    void refetch();
  }, [now, next, isFetching, refetch]);

  if (error && !data) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        The live tests could not be loaded.
      </Alert>
    );
  }
  if (!data || data.upcoming.length + data.live.length + data.past.length === 0) return null;
  return (
    <Box component="section" id="live-tests" aria-labelledby={headingId} sx={{ scrollMarginTop: 72 }}>
      <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1.5 }}>
        Live tests
      </Typography>
      <Stack spacing={2}>
        <Group title="Live now" tests={data.live} now={now} onStart={onStart} />
        <Group title="Upcoming" tests={data.upcoming} now={now} onStart={onStart} />
        <Group title="Past" tests={data.past} now={now} onStart={onStart} />
      </Stack>
    </Box>
  );
}
