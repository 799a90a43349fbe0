import type { AdminLiveTestDetail } from '@ai-tutor/contract';
import { Alert, Box, Button, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../lib/base-query';
import { useAuth } from '../../../stores/hooks';
import {
  useCancelLiveTestMutation,
  useGetLiveTestQuery,
  useReleaseLiveTestMutation,
  useUpdateLiveTestMutation,
} from '../api/live-tests';
import { consolePath } from '../sections';
import { LiveTestForm, liveTestPayload } from './LiveTestForm';
import { stateText } from './LiveTestsScreen';
import { ReopenDialog } from './ReopenDialog';

/** How often a running test's figures are asked for again. */
const WATCH_MS = 10_000;

function Figures({ test }: { test: AdminLiveTestDetail }) {
  const { progress } = test;
  const figures: [string, number | string][] = [
    ['For', progress.eligible === null ? 'Every learner' : `${progress.eligible} learners`],
    ['Started', progress.started],
    ['Submitted', progress.submitted],
    ['Running now', progress.running],
  ];
  return (
    <Stack direction="row" spacing={4} sx={{ my: 2, flexWrap: 'wrap' }} aria-label="Progress" role="group">
      {figures.map(([label, value]) => (
        <Box key={label}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h6" component="p">
            {value}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** One live test: watched while it runs; edited or cancelled before it opens; re-opened; released. */
export function LiveTestScreen() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const operator = user?.roles.some((role) => role === 'admin' || role === 'editor') ?? false;
  const [watching, setWatching] = useState(true);
  const { data, isLoading, error, refetch } = useGetLiveTestQuery(id, {
    pollingInterval: watching ? WATCH_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const [update, updating] = useUpdateLiveTestMutation();
  const [cancel, cancelling] = useCancelLiveTestMutation();
  const [release, releasing] = useReleaseLiveTestMutation();
  const [reopening, setReopening] = useState(false);
  const back = (
    <Link component={RouterLink} to={consolePath('live-tests')}>
      All live tests
    </Link>
  );
  if (isLoading) return <Typography>Loading…</Typography>;
  if (error || !data)
    return (
      <Box>
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(error, 'The live test could not be loaded.')}
        </Alert>
        {back}
      </Box>
    );
  if (watching && (data.state === 'cancelled' || data.state === 'ranked')) setWatching(false);
  const after = (work: Promise<unknown>) => void work.then(() => refetch()).catch(() => undefined);
  const actionError = cancelling.error ?? releasing.error;
  return (
    <Box>
      {back}
      <Typography variant="h5" component="h2" sx={{ mt: 1 }}>
        {data.name}
      </Typography>
      <Typography color="text.secondary">
        {data.module.name} · {data.awaitingRelease ? 'Awaiting release' : stateText[data.state]} ·{' '}
        {new Date(data.opensAt).toLocaleString()} – {new Date(data.closesAt).toLocaleString()}
        {data.extendedUntil && ` (a learner's window until ${new Date(data.extendedUntil).toLocaleString()})`}
      </Typography>
      <Typography color="text.secondary">
        {data.batches.length ? `For ${data.batches.map((b) => b.name).join(', ')}` : 'For every learner'} ·{' '}
        {data.release === 'manual' ? 'Results released by hand' : 'Results open at the close'}
      </Typography>
      <Figures test={data} />
      {actionError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(actionError)}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Button component={RouterLink} to={consolePath(`live-tests/${data.id}/analysis`)} variant="outlined">
          Item analysis of this test
        </Button>
        {operator && data.awaitingRelease && (
          <Button
            variant="contained"
            disabled={releasing.isLoading}
            onClick={() => after(release(id).unwrap())}
          >
            Release results
          </Button>
        )}
        {operator && (data.state === 'live' || data.state === 'closed') && (
          <Button variant="outlined" onClick={() => setReopening(true)}>
            Re-open for a learner
          </Button>
        )}
        {operator && data.state === 'upcoming' && (
          <Button color="error" disabled={cancelling.isLoading} onClick={() => after(cancel(id).unwrap())}>
            Cancel test
          </Button>
        )}
      </Stack>
      {data.progress.reopened.length > 0 && (
        <>
          <Typography variant="h6" component="h3">
            Re-opened windows
          </Typography>
          <List dense aria-label="Re-opened windows">
            {data.progress.reopened.map((r) => (
              <ListItem key={r.userId} divider>
                <ListItemText
                  primary={`${r.email} until ${new Date(r.closesAt).toLocaleString()}`}
                  secondary={r.reason}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {operator && data.state === 'upcoming' && (
        <>
          <Typography variant="h6" component="h3" sx={{ mt: 2, mb: 1 }}>
            Change before it opens
          </Typography>
          <LiveTestForm
            test={data}
            submitLabel="Save changes"
            busy={updating.isLoading}
            error={updating.error ? errorMessage(updating.error) : null}
            onSubmit={(values) => after(update({ id, ...liveTestPayload(values) }).unwrap())}
          />
        </>
      )}
      {reopening && (
        <ReopenDialog
          testId={id}
          onClose={(done) => {
            setReopening(false);
            if (done) void refetch();
          }}
        />
      )}
    </Box>
  );
}
