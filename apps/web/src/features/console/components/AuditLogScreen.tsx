import type { AuditEntry } from '@ai-tutor/contract';
import { Alert, Box, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useDeferredValue, useState } from 'react';
import { useGetAuditQuery } from '../api/get-audit';
import { ServerGrid, useServerPage } from './ServerGrid';

const OBJECT_FILTER = /^[a-z][a-z-]*(:\S+)?$/;

/** A change as one line a reader can scan: `{roles: []} → {roles: ["admin"]}`. */
const change = (entry: AuditEntry) => {
  const show = (value: unknown) => (value === null ? '—' : JSON.stringify(value));
  return entry.before === null && entry.after === null ? '' : `${show(entry.before)} → ${show(entry.after)}`;
};

const columns: GridColDef<AuditEntry>[] = [
  {
    field: 'at',
    headerName: 'When',
    width: 180,
    valueFormatter: (value: string) => new Date(value).toLocaleString(),
  },
  { field: 'actor', headerName: 'Who', width: 200 },
  { field: 'action', headerName: 'Action', width: 140 },
  {
    field: 'object',
    headerName: 'Object',
    width: 240,
    valueGetter: (_value, row) => `${row.objectType}: ${row.objectLabel ?? row.objectId}`,
  },
  {
    field: 'change',
    headerName: 'Change',
    flex: 1,
    minWidth: 260,
    valueGetter: (_value, row) => change(row),
  },
  { field: 'reason', headerName: 'Reason', width: 200 },
];

/**
 * The audit log (admins): newest first, a page at a time from the server, filtered by part of the
 * actor's email and by an object type or `type:id`. On a phone the grid keeps the four columns that
 * say what happened; the change and reason are on wider screens.
 */
export function AuditLogScreen() {
  const page = useServerPage();
  const [actor, setActor] = useState('');
  const [object, setObject] = useState('');
  const objectValid = object.trim() === '' || OBJECT_FILTER.test(object.trim());
  const filters = useDeferredValue({ actor: actor.trim(), object: objectValid ? object.trim() : '' });
  const { data, isFetching, isError } = useGetAuditQuery({
    ...page.query,
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.object ? { object: filters.object } : {}),
  });

  const filter = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    page.toFirstPage();
  };

  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Audit log
      </Typography>
      <Stack component="search" direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Who"
          helperText="Part of an email, or cli"
          value={actor}
          onChange={filter(setActor)}
          size="small"
        />
        <TextField
          label="Object"
          helperText={objectValid ? 'A type such as user or invite, or type:id' : 'Use a type, or type:id'}
          error={!objectValid}
          value={object}
          onChange={filter(setObject)}
          size="small"
        />
      </Stack>
      {isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The audit log could not be loaded. Try again in a moment.
        </Alert>
      )}
      <ServerGrid
        label="Audit log"
        columns={columns}
        data={data}
        loading={isFetching}
        page={page}
        hiddenWhenNarrow={['change', 'reason']}
        tallRows
      />
    </Box>
  );
}
