import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/base-query';
import { useReopenLiveTestMutation } from '../api/live-tests';

/**
 * A new window for one learner (a power cut at a centre), with the reason the audit log keeps. The
 * learner by email, as the operator knows them; the server says when no account or none of the test's
 * learners has it.
 */
export function ReopenDialog({ testId, onClose }: { testId: string; onClose: (done: boolean) => void }) {
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState('');
  const [reopen, { isLoading, error }] = useReopenLiveTestMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await reopen({
      id: testId,
      email: email.trim(),
      reason: reason.trim(),
      ...(minutes ? { minutes: Number(minutes) } : {}),
    })
      .unwrap()
      .catch(() => null);
    if (done) onClose(true);
  };
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="reopen-title">
      <form onSubmit={(event) => void submit(event)}>
        <DialogTitle id="reopen-title">Re-open for one learner</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label="Learner's email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              size="small"
              required
            />
            <TextField
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              size="small"
              required
              multiline
              helperText="Kept in the audit log, e.g. a power cut at the centre"
            />
            <TextField
              label="Minutes (empty: the test's duration)"
              type="number"
              value={minutes}
              onChange={(event) => setMinutes(event.target.value)}
              size="small"
              slotProps={{ htmlInput: { min: 1, max: 600 } }}
            />
            {error && <Alert severity="error">{errorMessage(error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isLoading || !email.trim() || reason.trim().length < 3}
          >
            Re-open
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
