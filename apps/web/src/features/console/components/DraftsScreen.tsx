import type { DraftRow } from '@ai-tutor/contract';
import { Alert, Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../../lib/base-query';
import { useDecideDraftsMutation, useGetDraftsQuery } from '../api/people';

const PAGE = 20;

function Draft({ draft, onDecide }: { draft: DraftRow; onDecide: (decision: 'approve' | 'reject') => void }) {
  return (
    <Card variant="outlined" component="article" aria-label={`Draft: ${draft.text.slice(0, 60)}`}>
      <CardContent>
        <Typography variant="caption" color="text.secondary">
          {draft.subject}
          {draft.topic ? ` · ${draft.topic}` : ''} · {draft.source}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>{draft.text}</Typography>
        {draft.options.length > 0 ? (
          <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
            {draft.options.map((option) => (
              <li key={option}>
                {option}
                {option === draft.answer && <strong> (answer)</strong>}
              </li>
            ))}
          </Box>
        ) : (
          <Typography sx={{ my: 1 }}>
            Answer: <strong>{draft.answer}</strong>
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          Explanation: {draft.explanation ?? '(none)'}
        </Typography>
      </CardContent>
      <CardActions>
        <Button variant="contained" onClick={() => onDecide('approve')}>
          Approve
        </Button>
        <Button color="error" onClick={() => onDecide('reject')}>
          Reject
        </Button>
      </CardActions>
    </Card>
  );
}

/** Drafted questions awaiting review (editors): approve (quizzes serve it) or reject (deleted). */
export function DraftsScreen() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useGetDraftsQuery({ page, limit: PAGE });
  const [decide, decision] = useDecideDraftsMutation();
  const [notice, setNotice] = useState('');
  const act = (draft: DraftRow, what: 'approve' | 'reject') =>
    void decide({ decision: what, ids: [draft.id] })
      .unwrap()
      .then((done) => {
        setNotice(
          done.inUse.length
            ? 'Kept: a past quiz refers to this draft.'
            : `${what === 'approve' ? 'Approved' : 'Rejected'}: ${draft.text.slice(0, 60)}`,
        );
        return refetch();
      })
      .catch(() => undefined);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE));
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Drafts awaiting review {data ? `(${data.total})` : ''}
      </Typography>
      {(isError || decision.error) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {isError ? 'The drafts could not be loaded.' : errorMessage(decision.error)}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} role="status" onClose={() => setNotice('')}>
          {notice}
        </Alert>
      )}
      {isLoading && <Typography>Loading…</Typography>}
      {data?.total === 0 && <Typography color="text.secondary">No drafts are waiting.</Typography>}
      <Stack spacing={2}>
        {data?.rows.map((draft) => (
          <Draft key={draft.id} draft={draft} onDecide={(what) => act(draft, what)} />
        ))}
      </Stack>
      {pages > 1 && (
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2 }}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Typography>
            Page {page} of {pages}
          </Typography>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </Stack>
      )}
    </Box>
  );
}
