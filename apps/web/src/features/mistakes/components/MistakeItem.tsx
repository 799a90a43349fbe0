import { answerText, isAnswered, uiTexts } from '@ai-tutor/contract';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { MathText } from '../../../components/ui/MathText';
import type { MistakeView } from '../types';
import { ReportQuestionButton } from './ReportQuestionDialog';

const WHY: Record<MistakeView['why'], string> = {
  wrong: 'Answered wrong',
  unattempted: 'Left unattempted',
  guess: 'Right, but a guess',
};

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * One question of the notebook: where it is from, the question (passage, maths, figures), the learner's
 * last answer, the key and the explanation; the AI tutor (supplied by the route), "Report a problem" and
 * "I've got this", which takes it off the list.
 */
export function MistakeItem({
  mistake,
  askTutor,
  onDismiss,
  dismissing,
}: {
  mistake: MistakeView;
  askTutor?: ((mistake: MistakeView) => ReactNode) | undefined;
  onDismiss: (mistake: MistakeView) => void;
  dismissing: boolean;
}) {
  const headingId = useId();
  const where = [mistake.exam?.name, mistake.subject?.name, mistake.topic?.name].filter(Boolean).join(' · ');
  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {where || 'Question'}
          </Typography>
          <Chip size="small" variant="outlined" label={WHY[mistake.why]} />
        </Stack>
        {mistake.passage && (
          <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
            <MathText component="div" text={mistake.passage} />
          </Box>
        )}
        <MathText component="div" text={mistake.questionText} sx={{ fontSize: '1.05rem' }} />
        {mistake.options.length > 0 && (
          <Box component="ol" type="A" sx={{ my: 0, pl: 3 }}>
            {mistake.options.map((option, i) => (
              <li key={`${i}-${option}`}>
                <MathText text={option} />
              </li>
            ))}
          </Box>
        )}
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Labelled label="Your last answer">
            {isAnswered(mistake.yourAnswer) ? (
              <MathText component="div" text={answerText(mistake.yourAnswer) ?? ''} />
            ) : (
              <Typography color="text.secondary">{uiTexts.notAnswered}</Typography>
            )}
          </Labelled>
          <Labelled label="Correct answer">
            {mistake.correctOptions.length > 1 ? (
              <Box component="ul" sx={{ my: 0, pl: 3 }}>
                {mistake.correctOptions.map((option) => (
                  <li key={option}>
                    <MathText text={option} />
                  </li>
                ))}
              </Box>
            ) : (
              <MathText component="div" text={mistake.correctOptions[0] ?? mistake.key} />
            )}
          </Labelled>
        </Box>
        <Labelled label="Explanation">
          {mistake.explanation ? (
            <MathText component="div" text={mistake.explanation} />
          ) : (
            <Typography color="text.secondary">{uiTexts.explanationNotAvailable}</Typography>
          )}
        </Labelled>
        {askTutor?.(mistake)}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }} useFlexGap>
          <ReportQuestionButton target={{ questionId: mistake.questionId }} />
          <Button variant="outlined" onClick={() => onDismiss(mistake)} disabled={dismissing}>
            I&apos;ve got this
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
