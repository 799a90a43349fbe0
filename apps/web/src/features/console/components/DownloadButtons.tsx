import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useStore } from 'react-redux';
import { downloadExport } from '../lib/download';

export interface Download {
  label: string;
  /** Under /api. */
  path: string;
  fileName: string;
}

/** Export buttons: each fetches its file with the operator's token and saves it. */
export function DownloadButtons({ downloads }: { downloads: Download[] }) {
  const store = useStore();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (download: Download) => {
    setBusy(download.path);
    setError(null);
    try {
      await downloadExport(download.path, download.fileName, store);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {downloads.map((d) => (
          <Button
            key={d.path}
            variant="outlined"
            size="small"
            disabled={busy !== null}
            onClick={() => void run(d)}
          >
            {busy === d.path ? 'Preparing…' : d.label}
          </Button>
        ))}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </>
  );
}
