import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** Asked when a link would take the learner out of a running test; staying has the focus. */
export function LeaveTestDialog({
  to,
  onStay,
  onLeave,
}: {
  to: string | null;
  onStay: () => void;
  onLeave: (to: string) => void;
}) {
  return (
    <Dialog open={to !== null} onClose={onStay} aria-labelledby="leave-title">
      <DialogTitle id="leave-title">Leave the test?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your time keeps running while you are away. Saved answers are kept, and you can come back to this
          test from the exams page.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          Stay in the test
        </Button>
        <Button onClick={() => to && onLeave(to)}>Leave</Button>
      </DialogActions>
    </Dialog>
  );
}
