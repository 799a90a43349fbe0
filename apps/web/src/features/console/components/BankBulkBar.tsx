import { bankMessages, SETTABLE_STATUSES, type BankBulkBody, type SettableStatus } from '@ai-tutor/contract';
import { Alert, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../../lib/base-query';
import { useBulkQuestionsMutation } from '../api/bulk-questions';

const STATUS_WORDS: Record<SettableStatus, string> = {
  draft: 'Draft',
  review: 'In review',
  approved: 'Approved (drawn into papers)',
  retired: 'Retired (drawn no more)',
};

/**
 * What an editor does to the questions ticked on the bank's page: set their status, or move them to
 * a topic (by its slug) of their own subject. The server does all or nothing and says why not.
 */
export function BankBulkBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const [bulk, state] = useBulkQuestionsMutation();
  const [status, setStatus] = useState<SettableStatus>('retired');
  const [topicSlug, setTopicSlug] = useState('');
  const [notice, setNotice] = useState('');

  const run = (body: BankBulkBody) =>
    void bulk(body)
      .unwrap()
      .then((result) => {
        setNotice(bankMessages.changed(result.changed));
        onDone();
      })
      .catch(() => setNotice(''));

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="region" aria-label="Selected questions">
      <Typography sx={{ mb: 1.5, fontWeight: 600 }} aria-live="polite">
        {ids.length ? `${ids.length} selected on this page` : 'Tick questions to change several at once'}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
        <TextField
          select
          label="New status"
          value={status}
          onChange={(event) => setStatus(event.target.value as SettableStatus)}
          size="small"
          sx={{ minWidth: 220 }}
        >
          {SETTABLE_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {STATUS_WORDS[value]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={!ids.length || state.isLoading}
          onClick={() => run({ action: 'set-status', ids, status })}
        >
          Set status
        </Button>
        <TextField
          label="Topic slug"
          helperText="A topic of the questions' own subject"
          value={topicSlug}
          onChange={(event) => setTopicSlug(event.target.value)}
          size="small"
        />
        <Button
          variant="outlined"
          disabled={!ids.length || !topicSlug.trim() || state.isLoading}
          onClick={() => run({ action: 'move', ids, topicSlug: topicSlug.trim() })}
        >
          Move to topic
        </Button>
      </Stack>
      {state.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(state.error)}
        </Alert>
      )}
      {notice && !state.isError && (
        <Alert severity="success" sx={{ mt: 2 }} role="status" onClose={() => setNotice('')}>
          {notice}
        </Alert>
      )}
    </Paper>
  );
}
