import { uiTexts } from '@ai-tutor/contract';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useResumeLabel, type RunningInfo } from '../hooks/use-running-attempts';
import type { QuizTarget } from '../hooks/use-start-quiz';
import { TestInstructions } from './TestInstructions';

interface StartQuizDialogProps {
  target: QuizTarget | null;
  onCancel: () => void;
  /** `afresh`: the learner chose to end the running attempt and start a new one. */
  onConfirm: (afresh?: boolean) => void;
  /** The target scope's running attempt, if it has one. */
  running?: RunningInfo | null | undefined;
  /** The quiz palette's legend for the instructions screen (the route composes it in). */
  legend?: ReactNode;
}

/**
 * 'Enter Fullscreen Mode': says fullscreen can be left with ESC, then starts the quiz. A scope with a
 * running attempt offers to resume it first; starting afresh is the second, explicit choice. Mock and
 * live tests show their instructions here too: a new attempt starts only once the declaration is
 * ticked, while resuming one needs no second declaration.
 */
export function StartQuizDialog({
  target,
  onCancel,
  onConfirm,
  running = null,
  legend,
}: StartQuizDialogProps) {
  const resumeLabel = useResumeLabel(target ? running : null);
  const titleId = useId();
  const hintId = useId();
  // Keeps the text while the dialog fades out after the target is cleared.
  const [shown, setShown] = useState(target);
  const [declared, setDeclared] = useState(false);
  if (target && target !== shown) {
    setShown(target);
    setDeclared(false);
  }
  const mayStart = !shown?.instructions || declared;

  return (
    <Dialog
      open={target !== null}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      scroll="paper"
      fullWidth={Boolean(shown?.instructions)}
    >
      <DialogTitle id={titleId}>{uiTexts.fullscreenTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={hintId}>{uiTexts.fullscreenHint}</DialogContentText>
        {shown && (
          <Typography sx={{ mt: 2 }}>
            <strong>{shown.label}</strong> · {shown.size}
          </Typography>
        )}
        {resumeLabel && (
          <Typography sx={{ mt: 1 }}>
            You have this test running: resume it where you left off, or start afresh (the running one is
            submitted as it stands).
          </Typography>
        )}
        {shown?.instructions && (
          <TestInstructions
            info={shown.instructions}
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
            <Button color="warning" disabled={!mayStart} onClick={() => onConfirm(true)}>
              Start afresh
            </Button>
            <Button variant="contained" onClick={() => onConfirm()} autoFocus>
              {resumeLabel}
            </Button>
          </>
        ) : (
          <Button variant="contained" disabled={!mayStart} onClick={() => onConfirm()} autoFocus>
            {shown?.instructions ? 'Start' : 'Enter Fullscreen'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
