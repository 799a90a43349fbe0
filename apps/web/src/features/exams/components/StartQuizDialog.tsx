import { uiTexts } from '@ai-tutor/contract';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useResumeLabel, type RunningInfo } from '../hooks/use-running-attempts';
import type { QuizTarget } from '../hooks/use-start-quiz';

type Mode = 'timed' | 'practice';

interface StartQuizDialogProps {
  target: QuizTarget | null;
  onCancel: () => void;
  /** `afresh`: end the running attempt and start a new one; `practice`: the untimed route. */
  onConfirm: (afresh?: boolean, practice?: boolean) => void;
  /** The running attempt of a route (the timed or the practice one), if it has one. */
  runningFor?: (to: string) => RunningInfo | null;
}

/**
 * 'Enter Fullscreen Mode': says fullscreen can be left with ESC, then starts the quiz. Where the scope
 * offers it, the learner picks a timed test or practice (untimed, feedback after each question). A
 * route with a running attempt offers to resume it first; starting afresh is the second, explicit choice.
 */
export function StartQuizDialog({ target, onCancel, onConfirm, runningFor }: StartQuizDialogProps) {
  const titleId = useId();
  const hintId = useId();
  const modeId = useId();
  const [mode, setMode] = useState<Mode>('timed');
  // Keeps the text while the dialog fades out after the target is cleared.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) {
    setShown(target);
    setMode('timed');
  }
  const practice = mode === 'practice' && Boolean(target?.practiceTo);
  const route = target ? (practice ? target.practiceTo : target.to) : undefined;
  const resumeLabel = useResumeLabel(route && runningFor ? runningFor(route) : null);
  const startLabel = practice ? 'Start practice' : 'Enter Fullscreen';

  return (
    <Dialog open={target !== null} onClose={onCancel} aria-labelledby={titleId} aria-describedby={hintId}>
      <DialogTitle id={titleId}>{uiTexts.fullscreenTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={hintId}>{uiTexts.fullscreenHint}</DialogContentText>
        {shown && (
          <Typography sx={{ mt: 2 }}>
            <strong>{shown.label}</strong> · {shown.size}
          </Typography>
        )}
        {shown?.practiceTo && (
          <FormControl sx={{ mt: 2 }}>
            <FormLabel id={modeId}>How do you want to take it?</FormLabel>
            <RadioGroup
              aria-labelledby={modeId}
              value={mode}
              onChange={(event) => setMode(event.target.value as Mode)}
            >
              <FormControlLabel value="timed" control={<Radio />} label="Timed test" />
              <FormControlLabel
                value="practice"
                control={<Radio />}
                label="Practice (untimed, feedback after each question)"
              />
            </RadioGroup>
          </FormControl>
        )}
        {resumeLabel && (
          <Typography sx={{ mt: 1 }}>
            You have this {practice ? 'practice' : 'test'} running: resume it where you left off, or start
            afresh (the running one is submitted as it stands).
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        {resumeLabel ? (
          <>
            <Button color="warning" onClick={() => onConfirm(true, practice)}>
              Start afresh
            </Button>
            <Button variant="contained" onClick={() => onConfirm(false, practice)} autoFocus>
              {resumeLabel}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={() => onConfirm(false, practice)} autoFocus>
            {startLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
