import { REPORT_REASON_LABELS, type AdminQuestion } from '@ai-tutor/contract';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { MathText } from '../../../components/ui/MathText';
import { errorMessage } from '../../../lib/base-query';
import { useGetAdminQuestionQuery, useResolveReportsMutation } from '../api/reports';
import { consolePath } from '../sections';
import { KeyCorrectionPanel } from './KeyCorrectionPanel';

const isKey = (question: AdminQuestion, option: string) =>
  (question.key.type === 'single' && question.key.answer === option) ||
  (question.key.type === 'multiple' && question.key.answers.includes(option));

/** The question as the quiz and the result show it (the same MathText), with its current key. */
function QuestionView({ question }: { question: AdminQuestion }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {question.subject}
        {question.topic ? ` · ${question.topic}` : ''} · {question.type}
      </Typography>
      {question.passage && <MathText component="div" text={question.passage} sx={{ mb: 1.5 }} />}
      <MathText component="div" text={question.text} sx={{ fontSize: '1.05rem' }} />
      {question.options.length > 0 && (
        <List dense aria-label="Options">
          {question.options.map((option, i) => (
            <ListItem key={option} divider>
              <ListItemText
                primary={
                  <>
                    {String.fromCharCode(65 + i)}. <MathText text={option} />
                  </>
                }
              />
              {isKey(question, option) && <Chip size="small" variant="outlined" label="Key" />}
            </ListItem>
          ))}
        </List>
      )}
      <Typography sx={{ mt: 1 }}>
        <strong>Current key:</strong> <MathText text={question.keyText} />
      </Typography>
      {question.explanation && (
        <Box sx={{ mt: 1 }}>
          <Typography component="span" fontWeight="bold">
            Explanation:{' '}
          </Typography>
          <MathText component="div" text={question.explanation} />
        </Box>
      )}
    </Paper>
  );
}

/** Its reports, and resolving or dismissing the open ones with a note. */
function Reports({ question, onDone }: { question: AdminQuestion; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [resolve, { isLoading, error }] = useResolveReportsMutation();
  const act = (dismiss: boolean) =>
    void resolve({ questionId: question.id, dismiss, ...(note.trim() ? { note: note.trim() } : {}) })
      .unwrap()
      .then(() => {
        setNote('');
        onDone();
      })
      .catch(() => undefined);
  return (
    <Box component="section" aria-labelledby="reports-heading" sx={{ mt: 3 }}>
      <Typography id="reports-heading" variant="h6" component="h3">
        Reports ({question.openReports} open)
      </Typography>
      <List dense aria-label="Reports">
        {question.reports.map((report) => (
          <ListItem key={report.id} divider>
            <ListItemText
              primary={`${REPORT_REASON_LABELS[report.reason]}${report.note ? `: ${report.note}` : ''}`}
              secondary={`${report.reporter.name} (${report.reporter.email}), ${new Date(report.createdAt).toLocaleString()} · ${
                report.status === 'open'
                  ? 'Open'
                  : `Resolved${report.resolution ? ` (${report.resolution})` : ''}`
              }`}
            />
          </ListItem>
        ))}
      </List>
      {question.openReports > 0 && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 1 }}
          alignItems={{ sm: 'flex-start' }}
        >
          <TextField
            label="Note"
            size="small"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            sx={{ flex: 1 }}
          />
          <Button variant="outlined" onClick={() => act(false)} disabled={isLoading}>
            Resolve
          </Button>
          <Button onClick={() => act(true)} disabled={isLoading}>
            Dismiss
          </Button>
        </Stack>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
    </Box>
  );
}

/** /admin/reports/:id: a reported question as learners saw it, its reports, and its key correction. */
export function ReportedQuestionScreen() {
  const { id = '' } = useParams();
  const { data, isError, refetch } = useGetAdminQuestionQuery(id);
  return (
    <Box>
      <Link component={RouterLink} to={consolePath('reports')}>
        Back to the reports
      </Link>
      <Typography variant="h5" component="h2" sx={{ my: 2 }}>
        Reported question
      </Typography>
      {isError && <Alert severity="error">The question could not be loaded.</Alert>}
      {data && (
        <>
          <QuestionView question={data} />
          <Reports question={data} onDone={() => void refetch()} />
          <KeyCorrectionPanel question={data} onApplied={() => void refetch()} />
        </>
      )}
    </Box>
  );
}
