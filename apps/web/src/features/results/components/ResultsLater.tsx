import { RESULT_MAX_WIDTH_PX } from '@ai-tutor/contract';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';

/** The longest a timer waits in one go (browsers fire longer ones at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A live test's result before its window closes (the result call's 409 with `availableAt`): when it
 * opens, in this browser's time zone; the result is asked for again at that moment.
 */
export function ResultsLater({ availableAt, onOpen }: { availableAt: string; onOpen: () => void }) {
  // The same answer again (ranked a little after the moment): ask again, less often each time.
  const [tries, setTries] = useState(0);
  useEffect(() => {
    // A second late, so the server's clock has passed the moment too.
    const wait = Math.max(1000 * 2 ** Math.min(tries, 5), Date.parse(availableAt) - Date.now() + 1000);
    const timer = setTimeout(
      () => {
        onOpen();
        setTries((n) => n + 1);
      },
      Math.min(MAX_TIMER_MS, wait),
    );
    return () => clearTimeout(timer);
  }, [availableAt, onOpen, tries]);
  const time = new Date(availableAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return (
    <Box sx={{ maxWidth: RESULT_MAX_WIDTH_PX, mx: 'auto', mt: 3 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Live test submitted
      </Typography>
      <Alert
        severity="success"
        action={
          <Button color="inherit" component={RouterLink} to={paths.exams}>
            Exams
          </Button>
        }
      >
        {/* liveTestMessages.submittedResultsAt, written out: that object would add to /login's bytes. */}
        Submitted — results open at {time}. Your score, rank and the answers show here then.
      </Alert>
    </Box>
  );
}
