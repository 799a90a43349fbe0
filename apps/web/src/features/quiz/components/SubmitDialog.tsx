import { uiTexts } from '@ai-tutor/contract';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { SectionSummary } from '../lib/section-summary';

interface SubmitDialogProps {
  open: boolean;
  unsaved: number[];
  /** NTA's summary per section; none for a session without sections. */
  summary?: SectionSummary[];
  onCancel: () => void;
  onConfirm: () => void;
}

const COLUMNS: Array<[keyof Omit<SectionSummary, 'title'>, string]> = [
  ['answered', 'Answered'],
  ['notAnswered', 'Not Answered'],
  ['marked', 'Marked for Review'],
  ['answeredMarked', 'Answered & Marked for Review'],
  ['notVisited', 'Not Visited'],
];

/**
 * 'Are you sure you want to submit the exam?' — with NTA's summary of each section above the choice;
 * 'No, Go Back' has the focus, the safe choice. Full screen on a phone, the table scrolling sideways
 * inside its own labelled area.
 */
export function SubmitDialog({ open, unsaved, summary = [], onCancel, onConfirm }: SubmitDialogProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      fullScreen={phone}
      maxWidth="md"
      aria-labelledby="submit-title"
      aria-describedby="submit-body"
    >
      <DialogTitle id="submit-title">{uiTexts.submitConfirmTitle}</DialogTitle>
      <DialogContent>
        {summary.length > 0 && (
          <Box
            role="region"
            aria-label="Exam summary by section"
            tabIndex={0}
            sx={{ overflowX: 'auto', mb: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Table size="small" aria-label="Exam summary by section" sx={{ minWidth: 520 }}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    Section
                  </TableCell>
                  {COLUMNS.map(([key, label]) => (
                    <TableCell key={key} component="th" scope="col" align="right">
                      {label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {summary.map((row) => (
                  <TableRow key={row.title} data-testid="submit-summary-row">
                    <TableCell component="th" scope="row">
                      {row.title}
                    </TableCell>
                    {COLUMNS.map(([key]) => (
                      <TableCell key={key} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {row[key]}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <DialogContentText id="submit-body">{uiTexts.submitConfirmBody}</DialogContentText>
        {unsaved.length > 0 && (
          <DialogContentText sx={{ mt: 1.5, color: '#9a3412', fontWeight: 600 }}>
            {unsaved.length === 1 ? 'Question' : 'Questions'} {unsaved.join(', ')}{' '}
            {unsaved.length === 1 ? 'has a choice' : 'have choices'} not saved with Save &amp; Next; unsaved
            choices are not submitted.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {uiTexts.submitConfirmNo}
        </Button>
        <Button onClick={onConfirm} variant="contained" color="primary">
          {uiTexts.submitConfirmYes}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
