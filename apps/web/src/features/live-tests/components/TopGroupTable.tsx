import type { RankingSubject } from '@ai-tutor/contract';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { ScrollableTable } from '../../../components/ui/ScrollableTable';
import { accuracy, secondsPerQuestion } from '../lib/figures';

/** Per subject: the learner's accuracy and time per question beside the top 10 %'s averages. */
export function TopGroupTable({ subjects, topTakers }: { subjects: RankingSubject[]; topTakers: number }) {
  const label = `Your figures beside the top 10 % (${topTakers} taker${topTakers === 1 ? '' : 's'}), per subject`;
  return (
    <ScrollableTable label={label}>
      <Table size="small">
        <caption>{label}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Subject
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Your accuracy
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Top 10 % accuracy
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Your time per question
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Top 10 % time per question
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {subjects.map((s) => (
            <TableRow key={s.id}>
              <TableCell component="th" scope="row">
                {s.name}
              </TableCell>
              <TableCell align="right">{s.you ? accuracy(s.you.accuracyPercent) : '—'}</TableCell>
              <TableCell align="right">{accuracy(s.topTenPercent.accuracyPercent)}</TableCell>
              <TableCell align="right">
                {s.you ? secondsPerQuestion(s.you.averageSecondsPerQuestion) : '—'}
              </TableCell>
              <TableCell align="right">
                {secondsPerQuestion(s.topTenPercent.averageSecondsPerQuestion)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}
