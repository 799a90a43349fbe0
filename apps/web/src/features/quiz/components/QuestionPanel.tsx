import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BackspaceOutlinedIcon from '@mui/icons-material/BackspaceOutlined';
import FlagIcon from '@mui/icons-material/Flag';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import SaveIcon from '@mui/icons-material/Save';
import { isAnswered, marksText, type Assessment, type PaperSection } from '@ai-tutor/contract';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { MathText } from '../../../components/ui/MathText';
import { shownTexts } from '../../../lib/languages';
import { useViewIn } from '../hooks/use-view-in';
import type { LocalQuestion } from '../lib/local-state';
import { AnswerInput } from './AnswerInput';
import { PassagePanel } from './PassagePanel';
import { ViewInSelect } from '../../../components/ui/ViewInSelect';

interface QuestionPanelProps {
  /** The session's languages, when the paper has more than one (docs/languages.md); none in a preview. */
  assessment?: Pick<Assessment, 'slug' | 'languages'>;
  question: LocalQuestion;
  index: number;
  total: number;
  onChange: (value: string | string[]) => void;
  onPrev: () => void;
  onToggleMark: () => void;
  onClear: () => void;
  onSave: () => void;
  /**
   * Practice and review: confidence, Check, feedback and hints, under the answer; a function is given
   * the language the question is shown in, so its feedback and hints follow 'View in'.
   */
  practice?: ReactNode | ((lang: string | undefined) => ReactNode);
  /** The paper's section the question is in: its title and marks above the question. */
  section?: PaperSection | undefined;
  /** Beside the question's heading: a live test's "Report a problem" (QuizScreenProps). */
  action?: ReactNode;
}

/** "+4 / −1" read out in words. */
const marksWords = (section: PaperSection) =>
  `Marks: ${section.marks.correct} for a correct answer, ${
    section.marks.wrong === 0 ? 'none taken off' : `${section.marks.wrong}`
  } for a wrong one${section.marks.partial ? ', partial marks for some correct options' : ''}`;

/** 'Question - N', its passage and text, the way it is answered, and the question's buttons. */
export function QuestionPanel({
  assessment,
  question,
  index,
  total,
  onChange,
  onPrev,
  onToggleMark,
  onClear,
  onSave,
  practice,
  section,
  action,
}: QuestionPanelProps) {
  // A phone's action bar is one row: the shorter labels start the buttons' names (label in name).
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { evaluation, draft } = question;
  const viewIn = useViewIn(assessment, evaluation._id);
  const { questionText, passage, options: shownOptions } = shownTexts(evaluation.baseQuestion, viewIn.lang);
  const value = draft ?? evaluation.userAnswer;
  const isFirst = index === 0;
  const isLast = index === total - 1;
  const marked = evaluation.markedForReview;
  // Checked in practice: the answer stays as it was checked.
  const locked = evaluation.locked === true;
  const canClear = !locked && (isAnswered(value) || isAnswered(evaluation.userAnswer));

  return (
    <Paper component="section" aria-labelledby="question-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      {section && (
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, mb: 0.5 }}>
          {section.title}
        </Typography>
      )}
      <Stack
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        gap={1}
        sx={{ mb: 1.5, flexWrap: 'wrap' }}
      >
        <Typography id="question-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Question - {index + 1}
        </Typography>
        <Stack direction="row" alignItems="center" gap={1} sx={{ flexWrap: 'wrap' }}>
          {viewIn.available && viewIn.lang && (
            <ViewInSelect available={viewIn.available} lang={viewIn.lang} onChange={viewIn.setLang} />
          )}
          {action}
          {section && (
            <Chip
              size="small"
              variant="outlined"
              label={marksText(section.marks)}
              aria-label={marksWords(section)}
              title={section.instructions}
              sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
            />
          )}
        </Stack>
      </Stack>
      <Box lang={viewIn.lang}>
        {passage !== null && <PassagePanel passage={passage} />}
        <MathText
          id="question-text"
          component="div"
          text={questionText}
          sx={{ mb: 2, fontSize: '1.05rem' }}
        />
      </Box>

      <Box component="fieldset" disabled={locked} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        {locked && (
          <Box component="legend" sx={{ p: 0, mb: 1, fontWeight: 600 }}>
            Checked: your answer is locked.
          </Box>
        )}
        <AnswerInput
          question={evaluation.baseQuestion}
          shown={{ options: shownOptions, lang: viewIn.lang }}
          value={value}
          onChange={onChange}
        />
      </Box>
      {typeof practice === 'function' ? practice(viewIn.lang) : practice}

      <Box sx={{ minHeight: 24, mt: 1 }}>
        {draft !== null && (
          <Typography variant="body2" color="#9a3412" sx={{ fontWeight: 600 }}>
            Not saved yet — press {isLast ? 'Save' : 'Save & Next'} to keep this answer.
          </Typography>
        )}
      </Box>

      {/* One sticky row: on a phone it stays at the bottom of the screen while the question scrolls. */}
      <Stack
        direction="row"
        alignItems="center"
        useFlexGap
        spacing={phone ? 0.75 : 1.5}
        data-testid="quiz-action-bar"
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 2,
          mt: 2,
          mx: { xs: -2, sm: -3 },
          px: { xs: 1, sm: 3 },
          py: 1,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        {phone ? (
          <IconButton
            onClick={onPrev}
            disabled={isFirst}
            aria-label="Prev"
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ArrowBackIcon />
          </IconButton>
        ) : (
          <Button variant="outlined" onClick={onPrev} disabled={isFirst} startIcon={<ArrowBackIcon />}>
            Prev
          </Button>
        )}
        <Button
          variant={marked ? 'contained' : 'outlined'}
          onClick={onToggleMark}
          disabled={locked}
          aria-pressed={marked}
          // The full name on a phone too, starting with the words shown (label in name).
          aria-label={phone ? 'Mark for Review' : undefined}
          size={phone ? 'small' : 'medium'}
          startIcon={marked ? <FlagIcon /> : <OutlinedFlagIcon />}
          // The palette's orange, with text dark enough to read (4.5:1 or better) in both states.
          sx={[
            { whiteSpace: 'nowrap', minWidth: 0 },
            marked
              ? { bgcolor: '#f59e0b', color: '#1f2937', '&:hover': { bgcolor: '#d97706' } }
              : { color: '#92400e', borderColor: '#b45309', '&:hover': { borderColor: '#92400e' } },
          ]}
        >
          {phone ? 'Mark' : 'Mark for Review'}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          onClick={onClear}
          disabled={!canClear}
          aria-label={phone ? 'Clear Response' : undefined}
          size={phone ? 'small' : 'medium'}
          // A phone's row has room for one icon less: Clear's text says it all.
          startIcon={phone ? undefined : <BackspaceOutlinedIcon />}
          sx={{ whiteSpace: 'nowrap', minWidth: 0 }}
        >
          {phone ? 'Clear' : 'Clear Response'}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {locked ? (
          !isLast && (
            <Button variant="contained" onClick={onSave} endIcon={<ArrowForwardIcon />}>
              Next
            </Button>
          )
        ) : (
          <Button
            variant="contained"
            onClick={onSave}
            size={phone ? 'small' : 'medium'}
            endIcon={isLast ? <SaveIcon /> : <ArrowForwardIcon />}
            sx={{ whiteSpace: 'nowrap', minWidth: 0, px: phone ? 1.25 : 2 }}
          >
            {isLast ? 'Save' : 'Save & Next'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
