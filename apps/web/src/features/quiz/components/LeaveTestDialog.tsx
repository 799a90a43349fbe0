import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/**
 * Asked when a link or the browser's Back button would take the learner out of a running test; staying
 * has the focus, and Escape stays.
 */
export function LeaveTestDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby="leave-title" aria-describedby="leave-text">
      <DialogTitle id="leave-title">Leave the test?</DialogTitle>
      <DialogContent>
        <DialogContentText id="leave-text">
          Your time keeps running while you are away. Saved answers are kept, and you can come back to this
          test from the exams page.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          Stay in the test
        </Button>
        <Button onClick={onLeave}>Leave</Button>
      </DialogActions>
    </Dialog>
  );
}
