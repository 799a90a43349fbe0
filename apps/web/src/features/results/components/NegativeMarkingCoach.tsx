import { DEFAULT_SUBJECT_LABEL, type CoachData } from '@ai-tutor/contract';
import { Box, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { adviceText, expectedValueFormula, schemeShort } from '../lib/coach';
import { ScrollableTable } from '../../../components/ui/ScrollableTable';

/**
 * On a timed result: marks lost to wrong answers against marks left unattempted, what a blind guess is
 * worth under the scheme, and per topic whether attempting pays at the learner's accuracy there, with
 * the expected-value arithmetic (lib/coach.ts). In the details chunk, with the tables it shares.
 */
export function NegativeMarkingCoach({ coach }: { coach: CoachData }) {
  const guess = coach.blindGuess;
  return (
    <Paper component="section" aria-labelledby="coach-heading" sx={{ p: 2 }}>
      <Typography id="coach-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Negative marking coach
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5, my: 1 }}>
        <Typography component="dt">Marks lost to wrong answers:</Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {coach.marksLostToWrong}
        </Typography>
        <Typography component="dt">Marks left unattempted:</Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {coach.marksLeftUnattempted}
        </Typography>
      </Box>
      {guess.marksWrong < 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Under {schemeShort(guess.marksRight, guess.marksWrong)} a blind guess among {guess.options} options
          is worth {expectedValueFormula(1 / guess.options, guess.marksRight, guess.marksWrong)}: rule out one
          option and a guess is worth more.
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
              <TableCell align="right">This test: right / attempted (skipped)</TableCell>
              <TableCell align="right">Your accuracy</TableCell>
              <TableCell>Expected marks per attempt</TableCell>
              <TableCell>Advice</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {coach.topics.map((topic) => (
              <TableRow key={topic.topic?.id ?? '__none__'}>
                <TableCell>{topic.topic?.name ?? DEFAULT_SUBJECT_LABEL}</TableCell>
                <TableCell align="right">
                  {topic.correct} / {topic.attempted} ({topic.unattempted})
                </TableCell>
                <TableCell align="right">
                  {topic.accuracy === null
                    ? '—'
                    : `${topic.accuracy.toFixed(2)} (${topic.historyAnswers} answer${topic.historyAnswers === 1 ? '' : 's'})`}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {topic.accuracy === null
                    ? '—'
                    : `${expectedValueFormula(topic.accuracy, topic.marksRight, topic.marksWrong)} per attempt`}
                </TableCell>
                <TableCell>{adviceText(topic, coach.minAnswers)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTable>
    </Paper>
  );
}
