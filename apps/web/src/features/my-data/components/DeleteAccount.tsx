import { DELETE_CONFIRMATION, myDataMessages as m } from '@ai-tutor/contract';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { usePublicConfig } from '../../../lib/public-config';
import { useDeleteAccountMutation } from '../api/delete-account';
import { ConfirmWithGoogle } from './ConfirmWithGoogle';

/** The server's message of a failed call, if it sent one. */
const messageOf = (error: unknown): string | null => {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : null;
};

/**
 * "Delete account": the learner types DELETE and proves it is them, with their password or, when
 * Google sign-in is on, with "Confirm with Google" (the web does not know how the account was made, so
 * both are offered); the button works only then. On success `onDeleted` runs (the page signs out); a
 * refusal (wrong password, another or stale Google sign-in) is shown on the form.
 */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [googleIdToken, setGoogleIdToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const googleClientId = usePublicConfig()?.googleClientId ?? null;
  const proven = googleIdToken !== null || password.length > 0;
  const confirmed = typed.trim() === DELETE_CONFIRMATION && proven;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setError(null);
    try {
      await deleteAccount(googleIdToken !== null ? { googleIdToken } : { password }).unwrap();
      onDeleted();
    } catch (failure) {
      // A refused Google token cannot be sent again: the learner confirms with Google once more.
      if (googleIdToken !== null) setGoogleIdToken(null);
      setError(messageOf(failure) ?? (googleIdToken !== null ? m.googleMismatch : m.wrongPassword));
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
        {googleIdToken !== null ? (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" onClick={() => setGoogleIdToken(null)}>
                {m.usePasswordInstead}
              </Button>
            }
          >
            {m.googleConfirmed}
          </Alert>
        ) : (
          <>
            <TextField
              label={m.passwordLabel}
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              size="small"
              helperText={googleClientId ? undefined : m.googleHint}
            />
            {googleClientId ? (
              <ConfirmWithGoogle
                clientId={googleClientId}
                onCredential={(credential) => {
                  setError(null);
                  setPassword('');
                  setGoogleIdToken(credential);
                }}
              />
            ) : null}
          </>
        )}
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Button type="submit" variant="contained" color="error" disabled={!confirmed} loading={isLoading}>
          {m.deleteButton}
        </Button>
      </Stack>
    </Paper>
  );
}
