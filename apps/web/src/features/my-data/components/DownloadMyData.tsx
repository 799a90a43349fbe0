import { myDataMessages as m } from '@ai-tutor/contract';
import { Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { toastAdded } from '../../../stores/toast-slice';
import { useAppDispatch } from '../../../stores/hooks';
import { downloadMyData } from '../lib/download-my-data';

/** "Your data": one button that downloads the learner's export file. */
export function DownloadMyData() {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const onDownload = async () => {
    setBusy(true);
    const ok = await downloadMyData();
    setBusy(false);
    if (!ok) dispatch(toastAdded({ message: m.downloadFailed, type: 'error' }));
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="my-data-title">
      <Typography id="my-data-title" variant="h6" component="h2" gutterBottom>
        {m.downloadTitle}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {m.downloadText}
      </Typography>
      <Button variant="contained" onClick={() => void onDownload()} loading={busy}>
        {m.download}
      </Button>
    </Paper>
  );
}
