import type { ImportFileReport, ImportReport, ImportSeverity } from '@ai-tutor/contract';
import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ScrollableTable } from '../../../components/ui/ScrollableTable';

/** Each line's severity in words (never told by colour alone). */
export const severityText: Record<ImportSeverity, string> = {
  error: 'Error',
  skipped: 'Not importable',
  warning: 'Warning',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The report's first sentence: what was (or would be) written, and what stands in the way. */
export function reportSummary(report: ImportReport): string {
  const { totals } = report;
  const questions = `${totals.created} created, ${totals.updated} updated, ${totals.unchanged} unchanged`;
  const issues = `${plural(totals.errors, 'error')}, ${totals.skipped} not importable, ${plural(totals.warnings, 'warning')}`;
  if (report.mode === 'dry-run')
    return `Dry run, nothing was written. The valid questions would be: ${questions}. Found ${issues}.`;
  if (!report.applied) return `Nothing was imported (all or nothing): ${issues}.`;
  return `Imported: ${questions}. ${issues[0]!.toUpperCase()}${issues.slice(1)}.`;
}

function fileResult(report: ImportReport, file: ImportFileReport): string {
  if (!file.imported) return report.mode === 'dry-run' ? 'Cannot be imported' : 'Not imported';
  return report.mode === 'dry-run' ? 'Can be imported' : 'Imported';
}

/** The report of a dry run or an import: the files, then every error, skip and warning. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const severity = report.totals.errors ? (report.applied ? 'warning' : 'error') : 'success';
  return (
    <Box sx={{ mt: 3 }}>
      <Alert severity={report.mode === 'dry-run' && !report.totals.errors ? 'info' : severity} role="status">
        {reportSummary(report)}
      </Alert>
      <Box sx={{ mt: 2 }}>
        <ScrollableTable label="Files">
          <Table size="small" aria-label="Files">
            <TableHead>
              <TableRow>
                <TableCell>File</TableCell>
                <TableCell>Format</TableCell>
                <TableCell align="right">Created</TableCell>
                <TableCell align="right">Updated</TableCell>
                <TableCell align="right">Unchanged</TableCell>
                <TableCell align="right">Errors</TableCell>
                <TableCell align="right">Not importable</TableCell>
                <TableCell align="right">Warnings</TableCell>
                <TableCell>Result</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.files.map((file) => (
                <TableRow key={file.file}>
                  <TableCell>{file.file}</TableCell>
                  <TableCell>{file.format ?? 'unknown'}</TableCell>
                  <TableCell align="right">{file.created}</TableCell>
                  <TableCell align="right">{file.updated}</TableCell>
                  <TableCell align="right">{file.unchanged}</TableCell>
                  <TableCell align="right">{file.errors}</TableCell>
                  <TableCell align="right">{file.skipped}</TableCell>
                  <TableCell align="right">{file.warnings}</TableCell>
                  <TableCell>{fileResult(report, file)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      </Box>
      {report.notes.length > 0 && (
        <Box component="ul" sx={{ pl: 2.5 }}>
          {report.notes.map((note) => (
            <Typography component="li" variant="body2" key={note}>
              {note}
            </Typography>
          ))}
        </Box>
      )}
      <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
        Problems found ({report.issues.length})
      </Typography>
      {report.issues.length === 0 ? (
        <Typography color="text.secondary">None: every question can be imported as it is.</Typography>
      ) : (
        <ScrollableTable label="Problems found">
          <Table size="small" aria-label="Problems found">
            <TableHead>
              <TableRow>
                <TableCell>File</TableCell>
                <TableCell>Line</TableCell>
                <TableCell>Question</TableCell>
                <TableCell>Severity</TableCell>
                <TableCell>Message</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.issues.map((issue, index) => (
                <TableRow key={index}>
                  <TableCell>{issue.file}</TableCell>
                  <TableCell>{issue.line ?? '—'}</TableCell>
                  <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                    {issue.question ?? '—'}
                  </TableCell>
                  <TableCell>{severityText[issue.severity]}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{issue.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
    </Box>
  );
}
