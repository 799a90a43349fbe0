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
import { useId, useState, type ReactNode } from 'react';
import { useResumeLabel, type RunningInfo } from '../hooks/use-running-attempts';
import type { QuizTarget } from '../hooks/use-start-quiz';
import { TestInstructions } from './TestInstructions';

type Mode = 'timed' | 'practice';

interface StartQuizDialogProps {
  target: QuizTarget | null;
  onCancel: () => void;
  /**
   * `afresh`: end the running attempt (`replaces`, the slug shown here) and start a new one;
   * `practice`: the untimed route.
   */
  onConfirm: (afresh?: boolean, practice?: boolean, replaces?: string) => void;
  /** The running attempt of a route (the timed or the practice one), if it has one. */
  runningFor?: (to: string) => RunningInfo | null;
  /** The quiz palette's legend for the instructions screen (the route composes it in). */
  legend?: ReactNode;
}

/**
 * 'Enter Fullscreen Mode': says fullscreen can be left with ESC, then starts the quiz. Where the scope
 * offers it, the learner picks a timed test or practice (untimed, feedback after each question). A
 * route with a running attempt offers to resume it first; starting afresh is the second, explicit
 * choice. A timed mock or live test shows its instructions here too: a new attempt starts only once
 * the declaration is ticked, while resuming one needs no second declaration.
 */
export function StartQuizDialog({ target, onCancel, onConfirm, runningFor, legend }: StartQuizDialogProps) {
  const titleId = useId();
  const hintId = useId();
  const modeId = useId();
  const [mode, setMode] = useState<Mode>('timed');
  // Keeps the text while the dialog fades out after the target is cleared.
  const [shown, setShown] = useState(target);
  const [declared, setDeclared] = useState(false);
  if (target && target !== shown) {
    setShown(target);
    setMode('timed');
    setDeclared(false);
  }
  const practice = mode === 'practice' && Boolean(target?.practiceTo);
  const route = target ? (practice ? target.practiceTo : target.to) : undefined;
  const running = route && runningFor ? runningFor(route) : null;
  const resumeLabel = useResumeLabel(running);
  // Practice is untimed and marks nothing: no instructions or declaration before it.
  const instructions = practice ? undefined : shown?.instructions;
  const mayStart = !instructions || declared;
  const startLabel = practice ? 'Start practice' : instructions ? 'Start' : 'Enter Fullscreen';

  return (
    <Dialog
      open={target !== null}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      scroll="paper"
      fullWidth={Boolean(instructions)}
    >
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
        {instructions && (
          <TestInstructions
            info={instructions}
            legend={legend}
            declared={declared}
            onDeclared={setDeclared}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        {resumeLabel ? (
          <>
            <Button
              color="warning"
              disabled={!mayStart}
              onClick={() => onConfirm(true, practice, running?.attempt.slug)}
            >
              Start afresh
            </Button>
            <Button variant="contained" onClick={() => onConfirm(false, practice)} autoFocus>
              {resumeLabel}
            </Button>
          </>
        ) : (
          <Button
            variant="contained"
            disabled={!mayStart}
            onClick={() => onConfirm(false, practice)}
            autoFocus
          >
            {startLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
