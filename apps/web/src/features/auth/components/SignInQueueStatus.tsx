import { signInQueuedMessage } from '@ai-tutor/contract';
import { Typography } from '@mui/material';

/** A polite live region, always there so that a screen reader hears the wait begin. */
export function SignInQueueStatus({ queued }: { queued: boolean }) {
  return (
    <Typography role="status" variant="body2" color="text.secondary" sx={{ minHeight: '1.5em' }}>
      {queued ? signInQueuedMessage : ''}
    </Typography>
  );
}
