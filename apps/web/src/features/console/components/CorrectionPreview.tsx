import type { KeyCorrectionResult } from '@ai-tutor/contract';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const percent = (n: number) => n.toFixed(2);

/** What a key correction changes (or would): each rescored session, and each live test's rank moves. */
export function CorrectionPreview({ result }: { result: KeyCorrectionResult }) {
  return (
    <>
      <Typography sx={{ mt: 2 }}>
        Key: {result.before} → {result.after ?? 'dropped (full marks to everyone given it)'}. {result.changed}{' '}
        of {result.sessions} completed session{result.sessions === 1 ? '' : 's'}{' '}
        {result.dryRun ? 'would change' : 'changed'}; {result.reportsResolved} open report
        {result.reportsResolved === 1 ? '' : 's'} {result.dryRun ? 'would be' : 'were'} resolved.
      </Typography>
      {result.changes.length > 0 && (
        <Table size="small" aria-label="Score changes" sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>Learner</TableCell>
              <TableCell>Live test</TableCell>
              <TableCell align="right">Score before</TableCell>
              <TableCell align="right">Score after</TableCell>
              <TableCell align="right">Change</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.changes.map((change) => (
              <TableRow key={change.assessmentId}>
                <TableCell>
                  {change.learner.name} ({change.learner.email})
                </TableCell>
                <TableCell>{change.liveTest ?? '—'}</TableCell>
                <TableCell align="right">{change.scoreBefore}</TableCell>
                <TableCell align="right">{change.scoreAfter}</TableCell>
                <TableCell align="right">{signed(change.scoreAfter - change.scoreBefore)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {result.liveTests.map((test) => (
        <div key={test.id}>
          <Typography variant="subtitle1" component="h4" sx={{ mt: 2 }}>
            {test.name}: {test.moves.length ? 'rank moves' : 'no rank moves'}
          </Typography>
          {test.moves.length > 0 && (
            <Table size="small" aria-label={`Rank moves in ${test.name}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Learner</TableCell>
                  <TableCell align="right">Score</TableCell>
                  <TableCell align="right">Rank</TableCell>
                  <TableCell align="right">Percentile</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {test.moves.map((move) => (
                  <TableRow key={move.learner.id}>
                    <TableCell>
                      {move.learner.name} ({move.learner.email})
                    </TableCell>
                    <TableCell align="right">
                      {move.scoreBefore} → {move.scoreAfter}
                    </TableCell>
                    <TableCell align="right">
                      {move.rankBefore} → {move.rankAfter}
                    </TableCell>
                    <TableCell align="right">
                      {percent(move.percentileBefore)} → {percent(move.percentileAfter)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
      ))}
    </>
  );
}
