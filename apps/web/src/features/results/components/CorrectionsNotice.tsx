import type { ResultCorrection } from '@ai-tutor/contract';
import { Alert, AlertTitle, List, ListItem } from '@mui/material';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const marks = (score: number | null) => (score === null ? 'not attempted' : signed(score));

/**
 * docs/product.md#key-corrections: after a key correction the learner's result says what changed and by how much.
 * Not told by colour: each line says the question, the reason and the marks before and after.
 */
export function CorrectionsNotice({ corrections }: { corrections: ResultCorrection[] }) {
  if (corrections.length === 0) return null;
  const total = corrections.reduce((sum, c) => sum + (c.scoreAfter ?? 0) - (c.scoreBefore ?? 0), 0);
  return (
    <Alert severity="info" component="section" role="region" aria-label="Answer key corrections">
      <AlertTitle>
        The answer key was corrected after this test: your score changed by {signed(total)}
      </AlertTitle>
      <List dense disablePadding>
        {corrections.map((c) => (
          <ListItem key={`${c.questionNumber}-${c.at}`} disableGutters>
            Question {c.questionNumber}:{' '}
            {c.kind === 'drop' ? 'dropped (full marks to everyone)' : 'key corrected'} — {c.reason}. Marks{' '}
            {marks(c.scoreBefore)} → {marks(c.scoreAfter)}.
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
