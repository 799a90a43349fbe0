import type { LearnerRow } from '@ai-tutor/contract';
import {
  Alert,
  Box,
  Button,
  Chip,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useDeferredValue, useState } from 'react';
import { errorMessage } from '../../../lib/base-query';
import { useAuth } from '../../../stores/hooks';
import { useGetLearnersQuery, useSetLearnerStatusMutation } from '../api/batches';

const PAGE_SIZES = [10, 25, 50, 100];

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
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const { data, isFetching, isError, refetch } = useGetLearnersQuery({
    page: pagination.page + 1,
    limit: pagination.pageSize,
    ...(deferred ? { search: deferred } : {}),
  });
  const [setStatus, status] = useSetLearnerStatusMutation();
  const [notice, setNotice] = useState('');

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
      field: 'disabled',
      headerName: 'Status',
      width: admin ? 220 : 110,
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
            setPagination((model) => ({ ...model, page: 0 }));
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
      <DataGrid
        aria-label="Learners"
        rows={data?.rows ?? []}
        columns={columns}
        rowCount={data?.total ?? 0}
        loading={isFetching}
        paginationMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        pageSizeOptions={PAGE_SIZES}
        columnVisibilityModel={
          narrow ? { verified: false, batches: false, lastActiveAt: false, attempts: false } : {}
        }
        disableColumnSorting
        disableColumnFilter
        disableRowSelectionOnClick
        autoHeight
        sx={{ bgcolor: 'background.paper' }}
      />
    </Box>
  );
}
