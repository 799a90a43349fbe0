import {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type QuestionReportBody,
} from '@ai-tutor/contract';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/base-query';
import { useReportQuestionMutation, type ReportTarget } from '../api/report-question';

type Reason = QuestionReportBody['reason'];
const NOTE_MAX = REPORT_NOTE_MAX_LENGTH;

/**
 * "Report a problem" with a question: a reason and an optional note, sent to the operators; a toast
 * says it arrived. The dialog stays open on a failure so nothing typed is lost.
 */
export function ReportQuestionDialog({
  target,
  open,
  onClose,
}: {
  target: ReportTarget;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const reasonId = useId();
  const toast = useToast();
  const [reason, setReason] = useState<Reason | ''>('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const [report, { isLoading }] = useReportQuestionMutation();

  const send = async () => {
    if (!reason) {
      setMissing(true);
      return;
    }
    const trimmed = note.trim();
    const result = await report({ target, body: { reason, ...(trimmed ? { note: trimmed } : {}) } });
    if ('error' in result && result.error) {
      toast(errorMessage(result.error, 'Your report could not be sent. Please try again.'), 'error');
      return;
    }
    toast(result.data?.message || 'Thank you: your report was sent.', 'success');
    setReason('');
    setNote('');
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Report a problem</DialogTitle>
      <DialogContent>
        <FormControl error={missing} required sx={{ mt: 1 }}>
          <FormLabel id={reasonId}>What is wrong with this question?</FormLabel>
          <RadioGroup
            aria-labelledby={reasonId}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value as Reason);
              setMissing(false);
            }}
          >
            {REPORT_REASONS.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={REPORT_REASON_LABELS[value]}
              />
            ))}
          </RadioGroup>
          {missing && <FormHelperText>Choose a reason first.</FormHelperText>}
        </FormControl>
        <TextField
          label="Note (optional)"
          multiline
          minRows={2}
          fullWidth
          value={note}
          onChange={(event) => setNote(event.target.value.slice(0, NOTE_MAX))}
          helperText={`${note.length} / ${NOTE_MAX}`}
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void send()} disabled={isLoading}>
          {isLoading ? 'Sending…' : 'Send report'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The button that opens the dialog: for a mistake, a live test's question on the quiz, or a question of
 * a held result. `name` tells one question's button from another's where several are on the screen.
 */
export function ReportQuestionButton({ target, name }: { target: ReportTarget; name?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="text" onClick={() => setOpen(true)} aria-label={name}>
        Report a problem
      </Button>
      {open && <ReportQuestionDialog target={target} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
