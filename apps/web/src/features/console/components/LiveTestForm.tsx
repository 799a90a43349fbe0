import { RELEASE_MODES, type AdminLiveTest } from '@ai-tutor/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

/** datetime-local text ("2026-12-01T09:00") in this browser's zone, and back to ISO. */
const localText = (iso: string) => {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const when = z
  .string()
  .min(1, 'Required')
  .refine((text) => !Number.isNaN(Date.parse(text)), 'Not a date and time');

const liveTestForm = z
  .object({
    moduleSlug: z.string().trim().min(1, 'Required'),
    name: z.string().trim().max(160),
    opensAt: when,
    closesAt: when,
    /** Batch ids separated by commas or spaces; empty: every learner. */
    batchIds: z
      .string()
      .trim()
      .refine(
        (text) => text === '' || text.split(/[\s,]+/).every((id) => z.uuid().safeParse(id).success),
        'Batch ids, separated by commas',
      ),
    release: z.enum(RELEASE_MODES),
  })
  .refine((form) => Date.parse(form.closesAt) > Date.parse(form.opensAt), {
    message: 'The test must close after it opens',
    path: ['closesAt'],
  });
export type LiveTestFormValues = z.infer<typeof liveTestForm>;

/** What the form sends: ISO times, the batches as a list. */
export const liveTestPayload = (values: LiveTestFormValues) => ({
  name: values.name || undefined,
  opensAt: new Date(values.opensAt).toISOString(),
  closesAt: new Date(values.closesAt).toISOString(),
  batchIds: values.batchIds ? values.batchIds.split(/[\s,]+/) : [],
  release: values.release,
});

/** Scheduling a test, or editing one before it opens (the module is then fixed: its paper is drawn). */
export function LiveTestForm({
  test,
  submitLabel,
  busy,
  error,
  onSubmit,
}: {
  test?: AdminLiveTest;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (values: LiveTestFormValues) => void;
}) {
  const { register, handleSubmit, formState } = useForm<LiveTestFormValues>({
    resolver: zodResolver(liveTestForm),
    defaultValues: {
      moduleSlug: test?.module.slug ?? '',
      name: test?.name ?? '',
      opensAt: test ? localText(test.opensAt) : '',
      closesAt: test ? localText(test.closesAt) : '',
      batchIds: test?.batches.map((b) => b.id).join(', ') ?? '',
      release: test?.release ?? 'at-close',
    },
  });
  const problem = (field: keyof LiveTestFormValues) => ({
    error: Boolean(formState.errors[field]),
    helperText: formState.errors[field]?.message,
  });
  const dateSlot = { inputLabel: { shrink: true } };
  return (
    <Box
      component="form"
      aria-label={submitLabel}
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      sx={{ mb: 3 }}
    >
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <TextField
          label="Module slug"
          size="small"
          disabled={Boolean(test)}
          {...register('moduleSlug')}
          {...problem('moduleSlug')}
        />
        <TextField label="Name (optional)" size="small" {...register('name')} {...problem('name')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Opens"
            type="datetime-local"
            size="small"
            slotProps={dateSlot}
            {...register('opensAt')}
            {...problem('opensAt')}
          />
          <TextField
            label="Closes"
            type="datetime-local"
            size="small"
            slotProps={dateSlot}
            {...register('closesAt')}
            {...problem('closesAt')}
          />
        </Stack>
        <TextField
          label="Batch ids (empty: every learner)"
          size="small"
          {...register('batchIds')}
          {...problem('batchIds')}
        />
        <TextField
          select
          label="Results"
          size="small"
          defaultValue={test?.release ?? 'at-close'}
          {...register('release')}
        >
          <MenuItem value="at-close">Open at the close</MenuItem>
          <MenuItem value="manual">Released by hand after checking</MenuItem>
        </TextField>
        {error && <Alert severity="error">{error}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
