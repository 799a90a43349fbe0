import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import { Stack, Typography } from '@mui/material';
import type { SyncStatus } from '../lib/save-queue';

export function saveStatusText(sync: SyncStatus): string {
  if (sync.state === 'saved') return 'All answers saved';
  if (sync.state === 'saving') return 'Saving…';
  return `Offline — ${sync.waiting} ${sync.waiting === 1 ? 'answer' : 'answers'} waiting`;
}

/** Whether every answer has reached the server; icon and words, not colour alone. */
export function SaveStatus({ sync }: { sync: SyncStatus }) {
  const Icon =
    sync.state === 'saved'
      ? CloudDoneOutlinedIcon
      : sync.state === 'saving'
        ? CloudSyncOutlinedIcon
        : CloudOffOutlinedIcon;
  return (
    <Stack
      role="status"
      direction="row"
      spacing={0.75}
      alignItems="center"
      sx={{ color: sync.state === 'offline' ? '#9a3412' : 'text.secondary' }}
    >
      <Icon aria-hidden fontSize="small" />
      <Typography variant="body2" sx={{ fontWeight: sync.state === 'offline' ? 700 : 400 }}>
        {saveStatusText(sync)}
      </Typography>
    </Stack>
  );
}
