import type { AdminQuestion, KeyCorrectionBody, KeyCorrectionResult } from '@ai-tutor/contract';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../../lib/base-query';
import { useCorrectKeyMutation } from '../api/reports';
import { CorrectionPreview } from './CorrectionPreview';
import { initialDraft, KeyChoiceFields, keyChoice, type KeyDraft } from './KeyChoiceFields';

/**
 * A key correction in three steps: choose the new key (or a drop) by the question's type and say why;
 * 'Dry run' shows who would change and how (the server writes nothing); 'Apply' asks once more and
 * applies exactly what the dry run showed. Changing anything after a dry run asks for a new one.
 */
export function KeyCorrectionPanel({
  question,
  onApplied,
}: {
  question: AdminQuestion;
  onApplied: () => void;
}) {
  const [draft, setDraft] = useState<KeyDraft>(() => initialDraft(question));
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<KeyCorrectionResult | null>(null);
  const [applied, setApplied] = useState<KeyCorrectionResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [correctKey, { isLoading, error, reset }] = useCorrectKeyMutation();

  const choice = keyChoice(question.type, draft);
  const problem = typeof choice === 'string' ? choice : !reason.trim() ? 'Say why (the reason is kept).' : '';
  const body = (dryRun: boolean) =>
    ({ ...(choice as object), reason: reason.trim(), dryRun }) as KeyCorrectionBody;
  const changed = () => {
    setPreview(null);
    setApplied(null);
    reset();
  };

  const dryRun = async () => {
    const result = await correctKey({ questionId: question.id, body: body(true) })
      .unwrap()
      .catch(() => null);
    setPreview(result);
  };
  const apply = async () => {
    setConfirming(false);
    const result = await correctKey({ questionId: question.id, body: body(false) })
      .unwrap()
      .catch(() => null);
    if (!result) return;
    setPreview(null);
    setApplied(result);
    onApplied();
  };

  if (question.droppedAt)
    return <Alert severity="info">This question was dropped: everyone given it has full marks.</Alert>;
  return (
    <Paper component="section" aria-labelledby="key-correction" variant="outlined" sx={{ p: 2, mt: 3 }}>
      <Typography id="key-correction" variant="h6" component="h3" sx={{ mb: 2 }}>
        Correct the key
      </Typography>
      <KeyChoiceFields
        question={question}
        draft={draft}
        onChange={(change) => {
          setDraft((d) => ({ ...d, ...change }));
          changed();
        }}
      />
      <TextField
        label="Reason"
        helperText="Shown to learners on their results and kept in the audit log"
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          changed();
        }}
        fullWidth
        required
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      {problem && reason && (
        <Typography sx={{ mt: 1 }} color="text.secondary">
          {problem}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={() => void dryRun()} disabled={Boolean(problem) || isLoading}>
          Dry run
        </Button>
        <Button variant="contained" onClick={() => setConfirming(true)} disabled={!preview || isLoading}>
          Apply
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
      {preview && (
        <Box role="region" aria-label="Dry run" sx={{ mt: 2 }}>
          <Alert severity="info">Dry run: nothing has changed yet.</Alert>
          <CorrectionPreview result={preview} />
        </Box>
      )}
      {applied && (
        <Box role="region" aria-label="Applied" sx={{ mt: 2 }}>
          <Alert severity="success" role="status">
            Applied: {applied.changed} session{applied.changed === 1 ? '' : 's'} rescored and their learners
            told.
          </Alert>
          <CorrectionPreview result={applied} />
        </Box>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="confirm-correction">
        <DialogTitle id="confirm-correction">Apply this correction?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {preview?.changed ?? 0} session{preview?.changed === 1 ? '' : 's'} will be rescored and their
            learners told on their results. This cannot be undone from the console.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => void apply()}>
            Apply correction
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
