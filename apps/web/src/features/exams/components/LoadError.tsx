import { Alert, Button } from '@mui/material';
import { errorMessage } from '../../../lib/base-query';

/** A failed load, in words a learner understands, with a way to try again. */
export function LoadError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {`Could not load ${what}. ${errorMessage(error)}`}
    </Alert>
  );
}
