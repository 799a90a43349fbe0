import type { BatchMember, BatchWriteResult } from '@ai-tutor/contract';
import {
  Alert,
  Box,
  Button,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../lib/base-query';
import { useAuth } from '../../../stores/hooks';
import { useGetBatchQuery, useUpdateBatchMutation } from '../api/batches';
import { consolePath } from '../sections';
import { CsvMembersUpload } from './CsvMembersUpload';

/** Emails typed or pasted one per line, or separated by commas or spaces. */
const emailsIn = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** One form for members and teachers: emails in, then what was added and which emails matched nobody. */
function AddByEmail({
  label,
  field,
  batchId,
  onDone,
}: {
  label: string;
  field: 'addEmails' | 'addTeacherEmails';
  batchId: string;
  onDone: () => void;
}) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<BatchWriteResult | null>(null);
  const [updateBatch, { isLoading, error }] = useUpdateBatchMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const emails = emailsIn(text);
    if (!emails.length) return;
    const done = await updateBatch({ id: batchId, [field]: emails })
      .unwrap()
      .catch(() => null);
    if (!done) return;
    setResult(done);
    setText('');
    onDone();
  };
  return (
    <Box component="form" onSubmit={submit} aria-label={label} sx={{ mt: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
        <TextField
          label={label}
          helperText="One or more emails, separated by commas or new lines"
          value={text}
          onChange={(event) => setText(event.target.value)}
          size="small"
          multiline
          minRows={1}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={isLoading || !text.trim()}>
          Add
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
      {result && (
        <Alert severity={result.unknownEmails.length ? 'warning' : 'success'} sx={{ mt: 2 }} role="status">
          {result.unknownEmails.length
            ? `Not added (no such account${field === 'addTeacherEmails' ? ' with the teacher role' : ''}): ${result.unknownEmails.join(', ')}`
            : 'Added.'}
        </Alert>
      )}
    </Box>
  );
}

function People({
  title,
  people,
  onRemove,
}: {
  title: string;
  people: BatchMember[];
  onRemove?: ((person: BatchMember) => void) | undefined;
}) {
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
        {title} ({people.length})
      </Typography>
      {people.length === 0 ? (
        <Typography color="text.secondary">None yet.</Typography>
      ) : (
        <List dense aria-label={title}>
          {people.map((person) => (
            <ListItem
              key={person.id}
              divider
              secondaryAction={
                onRemove && (
                  <Button size="small" onClick={() => onRemove(person)} aria-label={`Remove ${person.email}`}>
                    Remove
                  </Button>
                )
              }
            >
              <ListItemText primary={person.name} secondary={person.email} />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

/** One batch: its members and teachers; admins add members and assign teachers by email. */
export function BatchScreen() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const admin = user?.roles.includes('admin') ?? false;
  const { data, isLoading, error, refetch } = useGetBatchQuery(id);
  const [updateBatch, removal] = useUpdateBatchMutation();
  const back = (
    <Link component={RouterLink} to={consolePath('batches')}>
      All batches
    </Link>
  );
  if (isLoading) return <Typography>Loading…</Typography>;
  if (error || !data)
    return (
      <Box>
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(error, 'The batch could not be loaded.')}
        </Alert>
        {back}
      </Box>
    );
  const remove = (key: 'removeUserIds' | 'removeTeacherIds') => (person: BatchMember) =>
    void updateBatch({ id, [key]: [person.id] })
      .unwrap()
      .then(() => refetch())
      .catch(() => undefined);
  return (
    <Box>
      {back}
      <Typography variant="h5" component="h2" sx={{ mt: 1 }}>
        {data.name}
      </Typography>
      {data.description && <Typography color="text.secondary">{data.description}</Typography>}
      {removal.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(removal.error)}
        </Alert>
      )}
      {admin && (
        <>
          <AddByEmail label="Add by email" field="addEmails" batchId={id} onDone={() => void refetch()} />
          <CsvMembersUpload batchId={id} onDone={() => void refetch()} />
        </>
      )}
      <People title="Members" people={data.members} onRemove={admin ? remove('removeUserIds') : undefined} />
      <People
        title="Teachers"
        people={data.teachers}
        onRemove={admin ? remove('removeTeacherIds') : undefined}
      />
      {admin && (
        <AddByEmail
          label="Assign teachers by email"
          field="addTeacherEmails"
          batchId={id}
          onDone={() => void refetch()}
        />
      )}
    </Box>
  );
}
