import { extraTimeSentence, type LearnerRow } from '@ai-tutor/contract';
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
import { useSetAccommodationsMutation } from '../api/people';

const whole = (text: string, max: number) => {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= max ? value : null;
};

/**
 * A learner's extra time: a percentage and/or minutes, applied to every timed test they start from now
 * on (a live test never past its close). Shows what a three-hour paper would become.
 */
export function AccommodationsForm({
  learner,
  onClose,
  onSaved,
}: {
  learner: Pick<LearnerRow, 'id' | 'email' | 'extraTimePercent' | 'extraTimeMinutes'>;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [percent, setPercent] = useState(String(learner.extraTimePercent));
  const [minutes, setMinutes] = useState(String(learner.extraTimeMinutes));
  const [save, { isLoading, error }] = useSetAccommodationsMutation();
  const p = whole(percent, 300);
  const m = whole(minutes, 600);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (p === null || m === null) return;
    const done = await save({ id: learner.id, extraTimePercent: p, extraTimeMinutes: m })
      .unwrap()
      .catch(() => null);
    if (done) onSaved(`Extra time saved for ${learner.email}.`);
  };
  const example = p !== null && m !== null && (p > 0 || m > 0);
  return (
    <Dialog open onClose={onClose} aria-labelledby="accommodations-title">
      <form onSubmit={submit} aria-label="Extra time">
        <DialogTitle id="accommodations-title">Extra time for {learner.email}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Applies to every timed test they start from now on, live tests included (never past the close).
          </Typography>
          <Stack spacing={2}>
            <TextField
              label="Extra time (%)"
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
              error={p === null}
              helperText={p === null ? 'A whole number from 0 to 300' : ' '}
              inputMode="numeric"
              size="small"
            />
            <TextField
              label="Extra minutes"
              value={minutes}
              onChange={(event) => setMinutes(event.target.value)}
              error={m === null}
              helperText={m === null ? 'A whole number from 0 to 600' : ' '}
              inputMode="numeric"
              size="small"
            />
          </Stack>
          {example && (
            <Typography variant="body2" role="status">
              On a 180-minute paper: “{extraTimeSentence(180, { extraTimePercent: p, extraTimeMinutes: m })}”
            </Typography>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading || p === null || m === null}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
