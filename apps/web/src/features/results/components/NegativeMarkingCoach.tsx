import type { Assessment, ResultEvaluation } from '@ai-tutor/contract';
import { Box, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMemo } from 'react';
import { coachFor, schemeShort, type CoachTopic } from '../lib/coach';
import { ScrollableTable } from './ScrollableTable';

const ADVICE: Record<CoachTopic['advice'], string> = {
  attempt: 'Attempt: at your accuracy an answer gains marks on average',
  'skip-unless-sure': 'Skip unless sure: at your accuracy an answer loses marks on average',
  'no-penalty': 'Always attempt: a wrong answer costs nothing here',
  'no-data': 'No answers here yet: attempt a few to learn your accuracy',
};

/**
 * On a timed result: marks lost to wrong answers against marks left unattempted, and per topic whether
 * attempting pays, with the expected-value arithmetic (lib/coach.ts). In the details chunk, with the
 * tables it shares, so the result's summary does not wait for it.
 */
export function NegativeMarkingCoach({
  assessment,
  evaluations,
}: {
  assessment: Pick<Assessment, 'markingScheme'>;
  evaluations: ResultEvaluation[];
}) {
  const coach = useMemo(() => coachFor(assessment, evaluations), [assessment, evaluations]);
  return (
    <Paper component="section" aria-labelledby="coach-heading" sx={{ p: 2 }}>
      <Typography id="coach-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Negative marking coach
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5, my: 1 }}>
        <Typography component="dt">Marks lost to wrong answers:</Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {coach.lostToWrong} ({coach.wrongCount} wrong)
        </Typography>
        <Typography component="dt">Marks left unattempted:</Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {coach.leftUnattempted} ({coach.unattemptedCount} skipped)
        </Typography>
      </Box>
      {coach.blindGuess && coach.blindGuess.minus > 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Under {schemeShort(coach.blindGuess.plus, coach.blindGuess.minus)} a blind guess among{' '}
          {coach.blindGuess.options} options is worth {coach.blindGuess.formula}: eliminate one option and
          guessing pays more.
        </Typography>
      )}
      <ScrollableTable label="Attempt or skip, by topic">
        <Table size="small">
          <caption style={{ captionSide: 'top', padding: '4px 0', textAlign: 'left', fontWeight: 700 }}>
            Attempt or skip, by topic
          </caption>
          <TableHead>
            <TableRow>
              <TableCell>Topic</TableCell>
              <TableCell align="right">Correct / Attempted</TableCell>
              <TableCell>Expected marks per attempt</TableCell>
              <TableCell>Advice</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {coach.topics.map((topic) => (
              <TableRow key={topic.key}>
                <TableCell>{topic.label}</TableCell>
                <TableCell align="right">
                  {topic.correct} / {topic.attempted}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{topic.formula ?? '—'}</TableCell>
                <TableCell>{ADVICE[topic.advice]}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTable>
    </Paper>
  );
}
