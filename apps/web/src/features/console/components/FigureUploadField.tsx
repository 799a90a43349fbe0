import { FIGURE_MAX_BYTES, type FieldError } from '@ai-tutor/contract';
import {
  Alert,
  Button,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/base-query';
import { useUploadFigureMutation } from '../api/question-figure';
import type { EditDraft } from '../lib/edit-draft';
import { figureTargets, withFigure, type FigureTarget } from '../lib/figure-target';
import { fileAsBase64 } from '../lib/import-files';

/** What the server reads (it sniffs the bytes; the chooser only narrows what is offered). */
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml,.png,.jpg,.jpeg,.webp,.gif,.svg';

const serverErrors = (error: unknown): FieldError[] =>
  (error as { data?: { errors?: FieldError[] } } | undefined)?.data?.errors ?? [];

interface Props {
  questionId: string;
  draft: EditDraft;
  onChange: (draft: EditDraft) => void;
}

/**
 * Uploads a figure (docs/question-bank.md#figures) and puts its `![alt](media:…)` at the end of the
 * chosen field, so the preview shows it at once; the next save makes it part of a new version.
 */
export function FigureUploadField({ questionId, draft, onChange }: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [target, setTarget] = useState<FigureTarget>('text');
  const [problem, setProblem] = useState<{ path: 'content' | 'alt'; message: string } | null>(null);
  // Said until the draft changes again (more typing, or the save's fresh copy).
  const [done, setDone] = useState<{ message: string; draft: EditDraft } | null>(null);
  const [upload, uploading] = useUploadFigureMutation();
  const targets = figureTargets(draft);
  const into = targets.some((t) => t.value === target) ? target : 'text';

  const submit = async () => {
    setDone(null);
    if (!file) return setProblem({ path: 'content', message: 'Choose a figure file.' });
    if (file.size > FIGURE_MAX_BYTES)
      return setProblem({ path: 'content', message: `${file.name} is larger than 2 MB.` });
    if (!alt.trim())
      return setProblem({ path: 'alt', message: 'Describe the figure (alt text is required).' });
    setProblem(null);
    const result = await upload({
      id: questionId,
      body: { alt: alt.trim(), content: await fileAsBase64(file) },
    });
    if ('error' in result) {
      const named = serverErrors(result.error).find((e) => /alt$/.test(e.path));
      setProblem({
        path: named ? 'alt' : 'content',
        message: named?.message ?? errorMessage(result.error, 'The figure could not be uploaded.'),
      });
      return;
    }
    const next = withFigure(draft, into, result.data.markup);
    onChange(next);
    const label = targets.find((t) => t.value === into)?.label ?? 'the field';
    setDone({ message: `Figure added to ${label}. Save to make it part of a new version.`, draft: next });
    setFile(null);
    setAlt('');
    if (input.current) input.current.value = '';
  };

  return (
    <Stack spacing={1.5} component="section" aria-labelledby={`${inputId}-heading`} sx={{ mt: 2 }}>
      <Typography id={`${inputId}-heading`} component="h3" variant="subtitle2">
        Figures
      </Typography>
      <div>
        <FormLabel htmlFor={inputId}>Figure file (png, jpeg, webp, gif or svg; at most 2 MB)</FormLabel>
        <div>
          <input
            id={inputId}
            ref={input}
            type="file"
            accept={ACCEPT}
            aria-invalid={problem?.path === 'content'}
            aria-describedby={problem?.path === 'content' ? `${inputId}-problem` : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblem(null);
              setDone(null);
            }}
          />
        </div>
        {problem?.path === 'content' && (
          <FormHelperText id={`${inputId}-problem`} error role="alert">
            {problem.message}
          </FormHelperText>
        )}
      </div>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          // Not `required`: an empty alt text must not block the question's own Save (this sits in its form).
          label="Alt text (required: what the figure shows)"
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
          error={problem?.path === 'alt'}
          helperText={problem?.path === 'alt' ? problem.message : 'Read aloud to learners who cannot see it.'}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Put it in"
          value={into}
          onChange={(e) => setTarget(e.target.value as FigureTarget)}
          sx={{ minWidth: 180 }}
        >
          {targets.map((t) => (
            <MenuItem key={t.value} value={t.value}>
              {t.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Button
        variant="outlined"
        onClick={() => void submit()}
        disabled={uploading.isLoading}
        sx={{ alignSelf: 'flex-start' }}
      >
        Upload figure
      </Button>
      {done?.draft === draft && (
        <Alert severity="success" role="status">
          {done.message}
        </Alert>
      )}
    </Stack>
  );
}
