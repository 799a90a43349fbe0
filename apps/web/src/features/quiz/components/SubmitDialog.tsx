import { uiTexts } from '@ai-tutor/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

interface SubmitDialogProps {
  open: boolean;
  unsaved: number[];
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Are you sure you want to submit the exam?' — 'No, Go Back' has the focus, the safe choice. */
export function SubmitDialog({ open, unsaved, onCancel, onConfirm }: SubmitDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="submit-title" aria-describedby="submit-body">
      <DialogTitle id="submit-title">{uiTexts.submitConfirmTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="submit-body">{uiTexts.submitConfirmBody}</DialogContentText>
        {unsaved.length > 0 && (
          <DialogContentText sx={{ mt: 1.5, color: '#9a3412', fontWeight: 600 }}>
            {unsaved.length === 1 ? 'Question' : 'Questions'} {unsaved.join(', ')}{' '}
            {unsaved.length === 1 ? 'has a choice' : 'have choices'} not saved with Save &amp; Next; unsaved
            choices are not submitted.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {uiTexts.submitConfirmNo}
        </Button>
        <Button onClick={onConfirm} variant="contained" color="primary">
          {uiTexts.submitConfirmYes}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
