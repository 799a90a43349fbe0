import type { CsvMembersResult, CsvRowResult } from '@ai-tutor/contract';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../../lib/base-query';
import { useUploadMembersCsvMutation } from '../api/people';

/** Off screen but in the tab order and the accessibility tree (MUI's file-upload example). */
const visuallyHidden = {
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: 1,
  width: 1,
  overflow: 'hidden',
  position: 'absolute',
  bottom: 0,
  left: 0,
  whiteSpace: 'nowrap',
} as const;

/** What each row's result means, in words (never told by colour alone). */
export const rowResultText: Record<CsvRowResult, string> = {
  added: 'Added',
  'already-member': 'Already a member',
  'no-such-learner': 'No such learner',
  'invalid-email': 'Not an email',
  duplicate: 'Repeated in the file',
};

/** The per-row report of an upload: what was done, then every row with its result. */
export function CsvReport({ report }: { report: CsvMembersResult }) {
  const bad = report.rows.filter((row) => row.result === 'no-such-learner' || row.result === 'invalid-email');
  return (
    <Box sx={{ mt: 2 }}>
      <Alert severity={!report.applied ? 'error' : bad.length ? 'warning' : 'success'} role="status">
        {report.applied
          ? `${report.added} added; the batch has ${report.memberCount} member${report.memberCount === 1 ? '' : 's'}.` +
            (bad.length ? ` ${bad.length} row${bad.length === 1 ? ' was' : 's were'} not added.` : '')
          : `Nothing was added: ${bad.length} row${bad.length === 1 ? ' needs' : 's need'} fixing first.`}
      </Alert>
      <Table size="small" aria-label="Upload report" sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Result</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>{row.email || '(empty)'}</TableCell>
              <TableCell>
                {!report.applied && row.result === 'added' ? 'Would be added' : rowResultText[row.result]}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Members from a CSV file of emails (one a row, or a column headed "email"), with the report. */
export function CsvMembersUpload({ batchId, onDone }: { batchId: string; onDone: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [allOrNothing, setAllOrNothing] = useState(false);
  const [report, setReport] = useState<CsvMembersResult | null>(null);
  const [upload, { isLoading, error }] = useUploadMembersCsvMutation();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setReport(null);
  };
  const send = async () => {
    if (!file) return;
    const done = await upload({
      id: batchId,
      csv: await file.text(),
      mode: allOrNothing ? 'all-or-nothing' : 'valid',
    })
      .unwrap()
      .catch(() => null);
    if (!done) return;
    setReport(done);
    if (done.added) onDone();
  };
  return (
    <Box component="section" aria-labelledby={`${inputId}-title`} sx={{ mt: 3 }}>
      <Typography id={`${inputId}-title`} variant="h6" component="h3">
        Add members from a CSV file
      </Typography>
      <Typography color="text.secondary" variant="body2">
        One email a row, or a column headed “email”. Each row is reported.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mt: 1 }}>
        {/* MUI's file-upload idiom: a label styled as a button (no button role on a label, aria-allowed-role)
            around the input, which stays focusable (visually hidden, not `hidden`) so the keyboard opens it. */}
        <Button
          component="label"
          role={undefined}
          tabIndex={-1}
          variant="outlined"
          sx={{ '&:has(input:focus-visible)': { outline: 2, outlineOffset: 2 } }}
        >
          {file ? file.name : 'Choose file'}
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-label="CSV file"
            onChange={choose}
            style={visuallyHidden}
          />
        </Button>
        <FormControlLabel
          control={
            <Checkbox checked={allOrNothing} onChange={(event) => setAllOrNothing(event.target.checked)} />
          }
          label="All or nothing"
        />
        <Button variant="contained" onClick={() => void send()} disabled={!file || isLoading}>
          Upload
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
      {report && <CsvReport report={report} />}
    </Box>
  );
}
