import type { Batch } from '@ai-tutor/contract';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/base-query';
import { useAuth } from '../../../stores/hooks';
import { useCreateBatchMutation, useGetBatchesQuery } from '../api/batches';
import { consolePath } from '../sections';
import { ServerGrid, useServerPage } from './ServerGrid';

const columns: GridColDef<Batch>[] = [
  {
    field: 'name',
    headerName: 'Batch',
    flex: 1,
    minWidth: 180,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={consolePath(`batches/${row.id}`)}>
        {row.name}
      </Link>
    ),
  },
  { field: 'memberCount', headerName: 'Members', width: 110, type: 'number' },
  { field: 'description', headerName: 'Description', flex: 1, minWidth: 160 },
  {
    field: 'createdAt',
    headerName: 'Created',
    width: 130,
    valueFormatter: (value: string) => new Date(value).toLocaleDateString(),
  },
];

/** A new batch by name (admins); its page opens next, where members are added by email. */
function NewBatchForm() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [createBatch, { isLoading, error }] = useCreateBatchMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    const created = await createBatch({ name: name.trim() })
      .unwrap()
      .catch(() => null);
    if (created) void navigate(consolePath(`batches/${created.batch.id}`));
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="New batch" sx={{ mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
        <TextField
          label="New batch name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          size="small"
          required
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <Button type="submit" variant="contained" disabled={isLoading || !name.trim()}>
          Create batch
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
    </Box>
  );
}

/** The batches, a page at a time from the server; a teacher sees the batches they are assigned to. */
export function BatchesScreen() {
  const { user } = useAuth();
  const page = useServerPage();
  const { data, isFetching, isError } = useGetBatchesQuery(page.query);
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Batches
      </Typography>
      {user?.roles.includes('admin') && <NewBatchForm />}
      {isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The batches could not be loaded. Try again in a moment.
        </Alert>
      )}
      <ServerGrid label="Batches" columns={columns} data={data} loading={isFetching} page={page} />
    </Box>
  );
}
