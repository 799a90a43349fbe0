import type { LearnerRow } from '@ai-tutor/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/base-query';
import { useDeleteLearnerMutation } from '../api/delete-learner';

/**
 * An admin deletes a learner's account when the learner asks in writing (the same erasure as the
 * learner's own 'Delete my account', docs/decisions/0023-learners-data-and-backups.md): a reason for
 * the audit log, and the learner's email typed again so the wrong row is not deleted.
 */
export function DeleteLearnerDialog({
  learner,
  onClose,
  onDeleted,
}: {
  learner: Pick<LearnerRow, 'id' | 'email'>;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [remove, { isLoading, error }] = useDeleteLearnerMutation();
  const ready = reason.trim().length >= 3 && typed.trim().toLowerCase() === learner.email.toLowerCase();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const done = await remove({ id: learner.id, reason: reason.trim() })
      .unwrap()
      .catch(() => null);
    if (done) onDeleted(`The account of ${learner.email} has been deleted.`);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-learner-title">
      <form onSubmit={submit} aria-label="Delete account">
        <DialogTitle id="delete-learner-title">Delete the account of {learner.email}?</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            They are signed out at once. Their name, email, written answers and posts are erased; live-test
            rankings keep an anonymous row, so nobody else’s rank moves. This cannot be undone.
          </Typography>
          <Stack spacing={2}>
            <TextField
              label="Reason"
              helperText="For the audit log, e.g. asked in writing on 28 November"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
            />
            <TextField
              label="Type the learner’s email to confirm"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              required
            />
          </Stack>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={!ready || isLoading}>
            Delete account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
