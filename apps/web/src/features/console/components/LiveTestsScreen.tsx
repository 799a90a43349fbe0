import type { AdminLiveTest } from '@ai-tutor/contract';
import { Alert, Box, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/base-query';
import { useAuth } from '../../../stores/hooks';
import { useGetLiveTestsQuery, useScheduleLiveTestMutation } from '../api/live-tests';
import { consolePath } from '../sections';
import { LiveTestForm, liveTestPayload, type LiveTestFormValues } from './LiveTestForm';
import { ServerGrid, useServerPage } from './ServerGrid';

const time = (iso: string) => new Date(iso).toLocaleString();
export const stateText: Record<AdminLiveTest['state'], string> = {
  upcoming: 'Upcoming',
  live: 'Live',
  closed: 'Closed',
  ranked: 'Ranked',
  cancelled: 'Cancelled',
};

const columns: GridColDef<AdminLiveTest>[] = [
  {
    field: 'name',
    headerName: 'Live test',
    flex: 1,
    minWidth: 200,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={consolePath(`live-tests/${row.id}`)}>
        {row.name}
      </Link>
    ),
  },
  {
    field: 'state',
    headerName: 'State',
    width: 150,
    valueGetter: (_value, row) => (row.awaitingRelease ? 'Awaiting release' : stateText[row.state]),
  },
  { field: 'opensAt', headerName: 'Opens', width: 180, valueFormatter: (value: string) => time(value) },
  { field: 'closesAt', headerName: 'Closes', width: 180, valueFormatter: (value: string) => time(value) },
  {
    field: 'batches',
    headerName: 'For',
    width: 180,
    valueGetter: (_value, row) =>
      row.batches.length ? row.batches.map((b) => b.name).join(', ') : 'Every learner',
  },
  { field: 'takers', headerName: 'Takers', width: 90, type: 'number' },
];

/** A new test: its paper is drawn at once; its page opens next. */
function ScheduleForm() {
  const navigate = useNavigate();
  const [schedule, { isLoading, error }] = useScheduleLiveTestMutation();
  const submit = async (values: LiveTestFormValues) => {
    const done = await schedule({ moduleSlug: values.moduleSlug, ...liveTestPayload(values) })
      .unwrap()
      .catch(() => null);
    if (done) void navigate(consolePath(`live-tests/${done.test.id}`));
  };
  return (
    <LiveTestForm
      submitLabel="Schedule live test"
      busy={isLoading}
      error={error ? errorMessage(error) : null}
      onSubmit={(values) => void submit(values)}
    />
  );
}

/** Every live test (a teacher: their batches'), newest window first; admins and editors schedule. */
export function LiveTestsScreen() {
  const { user } = useAuth();
  const page = useServerPage();
  const { data, isFetching, isError } = useGetLiveTestsQuery(page.query);
  const schedules = user?.roles.some((role) => role === 'admin' || role === 'editor') ?? false;
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Live tests
      </Typography>
      {schedules && <ScheduleForm />}
      {isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The live tests could not be loaded. Try again in a moment.
        </Alert>
      )}
      <ServerGrid
        label="Live tests"
        columns={columns}
        data={data}
        loading={isFetching}
        page={page}
        hiddenWhenNarrow={['opensAt', 'batches', 'takers']}
      />
    </Box>
  );
}
