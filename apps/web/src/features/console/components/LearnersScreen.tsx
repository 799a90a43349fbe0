import type { LearnerRow } from '@ai-tutor/contract';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useDeferredValue, useState } from 'react';
import { errorMessage } from '../../../lib/base-query';
import { useAuth } from '../../../stores/hooks';
import { useGetLearnersQuery, useSetLearnerStatusMutation } from '../api/batches';
import { AccommodationsForm } from './AccommodationsForm';
import { DeleteLearnerDialog } from './DeleteLearnerDialog';
import { ServerGrid, useServerPage } from './ServerGrid';

const baseColumns: GridColDef<LearnerRow>[] = [
  { field: 'name', headerName: 'Name', width: 160 },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 200 },
  {
    field: 'verified',
    headerName: 'Verified',
    width: 100,
    valueFormatter: (value: boolean) => (value ? 'Yes' : 'No'),
  },
  {
    field: 'batches',
    headerName: 'Batches',
    width: 180,
    valueGetter: (_value, row) => row.batches.map((batch) => batch.name).join(', '),
  },
  {
    field: 'lastActiveAt',
    headerName: 'Last active',
    width: 170,
    valueFormatter: (value: string | null) => (value ? new Date(value).toLocaleString() : 'Never'),
  },
  { field: 'attempts', headerName: 'Attempts', width: 100, type: 'number' },
];

/**
 * Learners (admins: all; a teacher: their batches'), a page at a time from the server, searched by
 * name or email. Admins disable a learner (their sessions end at once) and re-enable them; the state is
 * written as a word, not told by colour.
 */
export function LearnersScreen() {
  const { user } = useAuth();
  const admin = user?.roles.includes('admin') ?? false;
  const page = useServerPage();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const { data, isFetching, isError, refetch } = useGetLearnersQuery({
    ...page.query,
    ...(deferred ? { search: deferred } : {}),
  });
  const [setStatus, status] = useSetLearnerStatusMutation();
  const [notice, setNotice] = useState('');
  const [extraFor, setExtraFor] = useState<LearnerRow | null>(null);
  const [deleting, setDeleting] = useState<LearnerRow | null>(null);

  const toggle = (row: LearnerRow) =>
    void setStatus({ id: row.id, disabled: !row.disabled })
      .unwrap()
      .then(() => {
        setNotice(row.disabled ? `${row.email} can sign in again.` : `${row.email} is disabled.`);
        return refetch();
      })
      .catch(() => undefined);

  const columns: GridColDef<LearnerRow>[] = [
    ...baseColumns,
    {
      field: 'extraTimePercent',
      headerName: 'Extra time',
      width: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <Button size="small" onClick={() => setExtraFor(row)} aria-label={`Extra time for ${row.email}`}>
          {[
            row.extraTimePercent ? `${row.extraTimePercent} %` : '',
            row.extraTimeMinutes ? `${row.extraTimeMinutes} min` : '',
          ]
            .filter(Boolean)
            .join(' + ') || 'None'}
        </Button>
      ),
    },
    {
      field: 'disabled',
      headerName: 'Status',
      width: admin ? 300 : 110,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ height: '100%' }}>
          <Chip size="small" label={row.disabled ? 'Disabled' : 'Active'} variant="outlined" />
          {admin && (
            <Button
              size="small"
              onClick={() => toggle(row)}
              aria-label={`${row.disabled ? 'Enable' : 'Disable'} ${row.email}`}
            >
              {row.disabled ? 'Enable' : 'Disable'}
            </Button>
          )}
          {admin && (
            <Button
              size="small"
              color="error"
              onClick={() => setDeleting(row)}
              aria-label={`Delete ${row.email}`}
            >
              Delete
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Learners
      </Typography>
      <Stack component="search" direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Search"
          helperText="Part of a name or an email"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            page.toFirstPage();
          }}
          size="small"
        />
      </Stack>
      {(isError || status.error) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {isError ? 'The learners could not be loaded. Try again in a moment.' : errorMessage(status.error)}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} role="status" onClose={() => setNotice('')}>
          {notice}
        </Alert>
      )}
      {extraFor && (
        <AccommodationsForm
          learner={extraFor}
          onClose={() => setExtraFor(null)}
          onSaved={(message) => {
            setExtraFor(null);
            setNotice(message);
            void refetch();
          }}
        />
      )}
      {deleting && (
        <DeleteLearnerDialog
          learner={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(message) => {
            setDeleting(null);
            setNotice(message);
            void refetch();
          }}
        />
      )}
      <ServerGrid
        label="Learners"
        columns={columns}
        data={data}
        loading={isFetching}
        page={page}
        hiddenWhenNarrow={['verified', 'batches', 'lastActiveAt', 'attempts']}
      />
    </Box>
  );
}
