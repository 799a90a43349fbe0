import type { ImportJob, ImportMode, ImportReport } from '@ai-tutor/contract';
import { Alert, Box, Button, FormLabel, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../../lib/base-query';
import { useLazyGetImportQuery, useStartImportMutation } from '../api/imports';
import { fileAsBase64, filesProblem, IMPORT_ACCEPT, sizeText } from '../lib/import-files';
import { ImportReportView } from './ImportReportView';

const POLL_MS = 500;

/** The progress bar's words: what is happening, and how far it is (not told by the bar alone). */
function progressText(mode: ImportMode, processed: number, total: number): string {
  if (!total) return 'Reading the files…';
  const percent = Math.floor((processed / total) * 100);
  return `${mode === 'dry-run' ? 'Checking' : 'Importing'}: ${processed} of ${total} questions (${percent} %)`;
}

/**
 * Questions imported from files (editors; docs/decisions/0026-imports-in-the-browser.md): choose
 * files, a dry run reports every file and every problem, then import all or nothing, or the valid
 * questions. The import runs on the server as a job; this screen polls its progress.
 */
export function ImportScreen() {
  const inputId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [subject, setSubject] = useState('');
  const [running, setRunning] = useState<ImportJob | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [start] = useStartImportMutation();
  const [poll] = useLazyGetImportQuery();
  // Polling stops when the screen is left; the import goes on on the server.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  const busy = reading || running !== null;
  const dryRun = report?.mode === 'dry-run' ? report : null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    setFiles(chosen);
    setReport(null);
    setProblem(filesProblem(chosen));
  };

  /** Polls the job until it finishes. A job the server forgot (a restart) wrote all of it or none. */
  const follow = async (started: ImportJob) => {
    let job = started;
    setRunning(job);
    try {
      while (job.state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (!shown.current) return;
        job = await poll(job.id, false).unwrap();
        setRunning(job);
      }
      if (job.state === 'done') setReport(job.report);
      else setProblem(job.failure ?? 'The import failed: nothing was written.');
    } catch (error) {
      setProblem(
        `The import could not be followed (${errorMessage(error)}). It wrote all of its questions or none: ` +
          'run a dry run again to see which.',
      );
    } finally {
      setRunning(null);
    }
  };

  const run = async (mode: ImportMode) => {
    const tooBig = filesProblem(files);
    if (tooBig) return setProblem(tooBig);
    setProblem(null);
    setReading(true);
    let started: ImportJob;
    try {
      const content = await Promise.all(files.map(fileAsBase64));
      started = await start({
        mode,
        files: files.map((file, i) => ({ name: file.name, content: content[i]! })),
        ...(subject.trim() ? { subject: subject.trim() } : {}),
      }).unwrap();
    } catch (error) {
      return setProblem(error instanceof Error ? error.message : errorMessage(error));
    } finally {
      setReading(false);
    }
    if (mode !== 'dry-run') setReport(null);
    await follow(started);
  };

  const text = running ? progressText(running.mode, running.processed, running.total) : '';
  const waiting = reading ? 'Sending the files…' : 'Reading the files…';
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Import questions
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        JSON or YAML catalogues, GIFT, Moodle XML, Aiken or CSV files: the formats the command line imports. A
        dry run checks everything and writes nothing.
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <div>
          <FormLabel htmlFor={inputId}>Question files</FormLabel>
          <Box sx={{ mt: 0.5 }}>
            <input
              id={inputId}
              type="file"
              multiple
              accept={IMPORT_ACCEPT}
              onChange={choose}
              disabled={busy}
              aria-describedby={`${inputId}-chosen`}
            />
          </Box>
          <Typography id={`${inputId}-chosen`} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {files.length
              ? files.map((file) => `${file.name} (${sizeText(file.size)})`).join(', ')
              : 'No files chosen.'}
          </Typography>
        </div>
        <TextField
          label="Subject slug"
          value={subject}
          onChange={(event) => {
            setSubject(event.target.value);
            setReport(null);
          }}
          disabled={busy}
          helperText="Where GIFT, Moodle XML and Aiken questions go (and CSV rows naming no subject), e.g. jee-physics"
          size="small"
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <Button variant="contained" onClick={() => void run('dry-run')} disabled={!files.length || busy}>
          Dry run
        </Button>
        <Button
          variant="outlined"
          onClick={() => void run('all-or-nothing')}
          disabled={!dryRun || dryRun.totals.errors > 0 || busy}
        >
          Import all or nothing
        </Button>
        <Button variant="outlined" onClick={() => void run('valid-only')} disabled={!dryRun || busy}>
          Import the valid ones
        </Button>
      </Stack>
      {dryRun && dryRun.totals.errors > 0 && !busy && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          All or nothing is not offered while the dry run finds errors: fix them, or import the valid ones.
        </Typography>
      )}
      {busy && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            aria-label="Import progress"
            aria-valuetext={text || waiting}
            variant={running?.total ? 'determinate' : 'indeterminate'}
            value={running?.total ? (running.processed / running.total) * 100 : 0}
          />
          <Typography sx={{ mt: 1 }} role="status">
            {text || waiting}
          </Typography>
        </Box>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
      {report && !busy && <ImportReportView report={report} />}
    </Box>
  );
}
