import { DELETE_CONFIRMATION, myDataMessages as m } from '@ai-tutor/contract';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDeleteAccountMutation } from '../api/delete-account';

/** The server's message of a failed call, if it sent one. */
const messageOf = (error: unknown): string | null => {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : null;
};

/**
 * "Delete account": the learner types DELETE and their password; the button works only then. On
 * success `onDeleted` runs (the page signs out); a refusal (wrong password) is shown on the form.
 */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const confirmed = typed.trim() === DELETE_CONFIRMATION && password.length > 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setError(null);
    try {
      await deleteAccount({ password }).unwrap();
      onDeleted();
    } catch (failure) {
      setError(messageOf(failure) ?? m.wrongPassword);
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, borderColor: 'error.main' }}
      component="section"
      aria-labelledby="delete-title"
    >
      <Typography id="delete-title" variant="h6" component="h2" gutterBottom color="error">
        {m.deleteTitle}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {m.deleteText}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={m.deleteTypeLabel}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          size="small"
        />
        <TextField
          label={m.passwordLabel}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          size="small"
          helperText={m.googleHint}
        />
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Button type="submit" variant="contained" color="error" disabled={!confirmed} loading={isLoading}>
          {m.deleteButton}
        </Button>
      </Stack>
    </Paper>
  );
}
