import { RESULT_MAX_WIDTH_PX } from '@ai-tutor/contract';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  CircularProgress,
  Typography,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import { MathText } from '../../../components/ui/MathText';
import { useGetSubmittedPaperQuery } from '../api/get-paper';

/** One question's action (the route's "Report a problem"), by its evaluation id and its number. */
export type PaperAction = (evaluationId: string, number: number) => ReactNode;

function Questions({ slug, action }: { slug: string; action: PaperAction }) {
  const { data, error } = useGetSubmittedPaperQuery(slug);
  if (error)
    return <Alert severity="error">The questions could not be loaded. Please try again later.</Alert>;
  if (!data) return <CircularProgress size={24} aria-label="Loading the questions" />;
  return (
    <Box component="ol" aria-label="Questions of this test" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.evaluation.map((evaluation, i) => (
        <Box
          component="li"
          key={evaluation._id}
          aria-label={`Question ${i + 1}`}
          sx={{ py: 1.5, borderTop: i ? 1 : 0, borderColor: 'divider' }}
        >
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700 }}>
            Question {i + 1}
          </Typography>
          <MathText component="div" text={evaluation.baseQuestion.questionText} />
          {action(evaluation._id, i + 1)}
        </Box>
      ))}
    </Box>
  );
}

/**
 * Under a live test's result that is not open yet (before the close, or held for checking): its
 * questions as the learner was given them, each to report (docs/product.md#question-reports). Asked for
 * only when opened; no key, answer or explanation is in them.
 */
export default function PaperToReport({ slug, action }: { slug: string; action: PaperAction }) {
  const summaryId = useId();
  return (
    <Box sx={{ maxWidth: RESULT_MAX_WIDTH_PX, mx: 'auto', mt: 2 }}>
      {/* The summary's button sits in the accordion's heading: h2 under the page's h1. */}
      <Accordion
        disableGutters
        slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
      >
        <AccordionSummary expandIcon={<ExpandMoreIcon />} id={summaryId}>
          <Typography component="span" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Report a problem with a question
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            A wrong answer key, a typo, an unclear question: tell your institute, which checks every report.
          </Typography>
          <Questions slug={slug} action={action} />
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}
