import type { InviteRow } from '@ai-tutor/contract';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/base-query';
import { useGetBatchesQuery } from '../api/batches';
import { useCreateInviteMutation, useGetInvitesQuery, useRevokeInviteMutation } from '../api/people';
import { ServerGrid, useServerPage } from './ServerGrid';

const stateText: Record<InviteRow['state'], string> = {
  active: 'Active',
  'used-up': 'Used up',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** Makes a code: uses, an optional expiry, an optional batch that registering with it joins. */
function NewInvite({ onMade }: { onMade: (code: string) => void }) {
  const [maxUses, setMaxUses] = useState('30');
  const [expires, setExpires] = useState('');
  const [batchId, setBatchId] = useState('');
  const batches = useGetBatchesQuery({ page: 1, limit: 100 });
  const [create, { isLoading, error }] = useCreateInviteMutation();
  const uses = Number(maxUses);
  const valid = Number.isInteger(uses) && uses >= 1 && uses <= 100_000;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const done = await create({
      maxUses: uses,
      ...(expires ? { expiresAt: new Date(expires).toISOString() } : {}),
      ...(batchId ? { batchId } : {}),
    })
      .unwrap()
      .catch(() => null);
    if (done) onMade(done.invite.code);
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="New invite code" sx={{ mb: 3 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
        <TextField
          label="Uses"
          value={maxUses}
          onChange={(event) => setMaxUses(event.target.value)}
          error={!valid}
          helperText={valid ? 'How many can register with it' : 'A whole number from 1 to 100000'}
          size="small"
          inputMode="numeric"
        />
        <TextField
          label="Expires"
          type="datetime-local"
          value={expires}
          onChange={(event) => setExpires(event.target.value)}
          helperText="Optional"
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label="Batch"
          value={batchId}
          onChange={(event) => setBatchId(event.target.value)}
          helperText="Registering with the code joins this batch"
          size="small"
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">No batch</MenuItem>
          {batches.data?.rows.map((batch) => (
            <MenuItem key={batch.id} value={batch.id}>
              {batch.name}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={isLoading || !valid}>
          Make code
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

/** Invite codes (admins): made with uses, expiry and a batch; listed with their uses; revoked. */
export function InvitesScreen() {
  const page = useServerPage();
  const { data, isFetching, isError, refetch } = useGetInvitesQuery(page.query);
  const [revoke, revoking] = useRevokeInviteMutation();
  const [notice, setNotice] = useState('');
  const columns: GridColDef<InviteRow>[] = [
    { field: 'code', headerName: 'Code', width: 160 },
    {
      field: 'uses',
      headerName: 'Uses',
      width: 110,
      valueGetter: (_value, row) => `${row.uses} of ${row.maxUses}`,
    },
    {
      field: 'batch',
      headerName: 'Batch',
      flex: 1,
      minWidth: 140,
      valueGetter: (_value, row) => row.batch?.name ?? '—',
    },
    {
      field: 'expiresAt',
      headerName: 'Expires',
      width: 170,
      valueFormatter: (value: string | null) => (value ? new Date(value).toLocaleString() : 'Never'),
    },
    {
      field: 'state',
      headerName: 'State',
      width: 180,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ height: '100%' }}>
          <span>{stateText[row.state]}</span>
          {row.state === 'active' && (
            <Button
              size="small"
              aria-label={`Revoke ${row.code}`}
              onClick={() =>
                void revoke(row.id)
                  .unwrap()
                  .then(() => {
                    setNotice(`${row.code} is revoked.`);
                    return refetch();
                  })
                  .catch(() => undefined)
              }
            >
              Revoke
            </Button>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Invite codes
      </Typography>
      <NewInvite
        onMade={(code) => {
          setNotice(`Made ${code}.`);
          void refetch();
        }}
      />
      {(isError || revoking.error) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {isError ? 'The invite codes could not be loaded.' : errorMessage(revoking.error)}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} role="status" onClose={() => setNotice('')}>
          {notice}
        </Alert>
      )}
      <ServerGrid
        label="Invite codes"
        columns={columns}
        data={data}
        loading={isFetching}
        page={page}
        hiddenWhenNarrow={['batch', 'expiresAt']}
      />
    </Box>
  );
}
