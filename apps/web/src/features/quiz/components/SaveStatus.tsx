import { saveTexts } from '@ai-tutor/contract';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import SyncProblemOutlinedIcon from '@mui/icons-material/SyncProblemOutlined';
import { Stack, Typography } from '@mui/material';
import type { SyncStatus } from '../lib/save-queue';

export function saveStatusText(sync: SyncStatus): string {
  switch (sync.state) {
    case 'saved':
      return saveTexts.allSaved;
    case 'saving':
      return saveTexts.saving;
    case 'retrying':
      return saveTexts.retrying(sync.waiting);
    default:
      return saveTexts.offline(sync.waiting);
  }
}

const ICONS = {
  saved: CloudDoneOutlinedIcon,
  saving: CloudSyncOutlinedIcon,
  offline: CloudOffOutlinedIcon,
  retrying: SyncProblemOutlinedIcon,
} as const;

/** Whether every answer has reached the server; icon and words, not colour alone. */
export function SaveStatus({ sync }: { sync: SyncStatus }) {
  const Icon = ICONS[sync.state];
  const failing = sync.state === 'offline' || sync.state === 'retrying';
  return (
    <Stack
      role="status"
      direction="row"
      spacing={0.75}
      alignItems="center"
      sx={{ color: failing ? '#9a3412' : 'text.secondary' }}
    >
      <Icon aria-hidden fontSize="small" />
      <Typography variant="body2" sx={{ fontWeight: failing ? 700 : 400 }}>
        {saveStatusText(sync)}
      </Typography>
    </Stack>
  );
}
