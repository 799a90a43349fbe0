import { Alert, Button, Stack, Typography } from '@mui/material';
import { useResumeLabel, type RunningInfo } from '../hooks/use-running-attempts';

function RunningAttempt({ info, onResume }: { info: RunningInfo; onResume: (info: RunningInfo) => void }) {
  const label = useResumeLabel(info);
  if (!label) return null;
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={() => onResume(info)}>
          {label}
        </Button>
      }
    >
      <Typography variant="body2">
        <strong>{info.attempt.sessionName}</strong> is in progress · {info.attempt.answeredQuestion} of{' '}
        {info.attempt.totalQuestions} answered
      </Typography>
    </Alert>
  );
}

/**
 * The exam page's running attempts (docs/product.md#running-attempts): each says what it is and "Resume — mm:ss left";
 * resuming goes through the start dialog like any start, which also offers to start afresh.
 */
export function RunningAttempts({
  running,
  onResume,
}: {
  running: RunningInfo[];
  onResume: (info: RunningInfo) => void;
}) {
  if (running.length === 0) return null;
  return (
    <Stack component="section" aria-label="Tests in progress" spacing={1}>
      {running.map((info) => (
        <RunningAttempt key={info.attempt.slug} info={info} onResume={onResume} />
      ))}
    </Stack>
  );
}
