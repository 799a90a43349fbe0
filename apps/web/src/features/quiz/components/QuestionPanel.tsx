import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BackspaceOutlinedIcon from '@mui/icons-material/BackspaceOutlined';
import FlagIcon from '@mui/icons-material/Flag';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import SaveIcon from '@mui/icons-material/Save';
import { isAnswered } from '@ai-tutor/contract';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { MathText } from '../../../components/ui/MathText';
import type { LocalQuestion } from '../lib/local-state';
import { AnswerInput } from './AnswerInput';
import { PassagePanel } from './PassagePanel';

interface QuestionPanelProps {
  question: LocalQuestion;
  index: number;
  total: number;
  onChange: (value: string | string[]) => void;
  onPrev: () => void;
  onToggleMark: () => void;
  onClear: () => void;
  onSave: () => void;
  /** Practice and review: confidence, Check, feedback and hints, under the answer. */
  practice?: ReactNode;
}

/** 'Question - N', its passage and text, the way it is answered, and the question's buttons. */
export function QuestionPanel({
  question,
  index,
  total,
  onChange,
  onPrev,
  onToggleMark,
  onClear,
  onSave,
  practice,
}: QuestionPanelProps) {
  const { evaluation, draft } = question;
  const { questionText, passage } = evaluation.baseQuestion;
  const value = draft ?? evaluation.userAnswer;
  const isFirst = index === 0;
  const isLast = index === total - 1;
  const marked = evaluation.markedForReview;
  // Checked in practice: the answer stays as it was checked.
  const locked = evaluation.locked === true;
  const canClear = !locked && (isAnswered(value) || isAnswered(evaluation.userAnswer));

  return (
    <Paper component="section" aria-labelledby="question-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="question-heading" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        Question - {index + 1}
      </Typography>
      {passage !== null && <PassagePanel passage={passage} />}
      <MathText id="question-text" component="div" text={questionText} sx={{ mb: 2, fontSize: '1.05rem' }} />

      <Box component="fieldset" disabled={locked} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        {locked && (
          <Box component="legend" sx={{ p: 0, mb: 1, fontWeight: 600 }}>
            Checked: your answer is locked.
          </Box>
        )}
        <AnswerInput question={evaluation.baseQuestion} value={value} onChange={onChange} />
      </Box>
      {practice}

      <Box sx={{ minHeight: 24, mt: 1 }}>
        {draft !== null && (
          <Typography variant="body2" color="#9a3412" sx={{ fontWeight: 600 }}>
            Not saved yet — press {isLast ? 'Save' : 'Save & Next'} to keep this answer.
          </Typography>
        )}
      </Box>

      <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1.5} sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={onPrev} disabled={isFirst} startIcon={<ArrowBackIcon />}>
          Prev
        </Button>
        <Button
          variant={marked ? 'contained' : 'outlined'}
          onClick={onToggleMark}
          disabled={locked}
          aria-pressed={marked}
          startIcon={marked ? <FlagIcon /> : <OutlinedFlagIcon />}
          // The palette's orange, with text dark enough to read (4.5:1 or better) in both states.
          sx={
            marked
              ? { bgcolor: '#f59e0b', color: '#1f2937', '&:hover': { bgcolor: '#d97706' } }
              : { color: '#92400e', borderColor: '#b45309', '&:hover': { borderColor: '#92400e' } }
          }
        >
          Mark for Review
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          onClick={onClear}
          disabled={!canClear}
          startIcon={<BackspaceOutlinedIcon />}
        >
          Clear Response
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {locked ? (
          !isLast && (
            <Button variant="contained" onClick={onSave} endIcon={<ArrowForwardIcon />}>
              Next
            </Button>
          )
        ) : (
          <Button variant="contained" onClick={onSave} endIcon={isLast ? <SaveIcon /> : <ArrowForwardIcon />}>
            {isLast ? 'Save' : 'Save & Next'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
