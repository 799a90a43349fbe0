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
import { useId, useState } from 'react';
import type { QuizTarget } from '../hooks/use-start-quiz';

interface StartQuizDialogProps {
  target: QuizTarget | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Enter Fullscreen Mode': says fullscreen can be left with ESC, then starts the quiz. */
export function StartQuizDialog({ target, onCancel, onConfirm }: StartQuizDialogProps) {
  const titleId = useId();
  const hintId = useId();
  // Keeps the text while the dialog fades out after the target is cleared.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);

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
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          Enter Fullscreen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
