import { MISTAKE_KINDS, type MistakeKind } from '@ai-tutor/contract';
import { MenuItem, Stack, TextField } from '@mui/material';
import type { MistakesFilter } from '../../../lib/tutor-paths';
import type { FilterCatalogue } from '../types';

const ALL = '';
/** The notebook keeps what was answered wrong apart from what was not attempted. */
export const KIND_LABELS: Record<MistakeKind, string> = {
  wrong: 'Answered wrong',
  unattempted: 'Not attempted',
  guess: 'Right, but a guess',
};

/**
 * Exam, subject and topic: each narrows the next; choosing one clears those below it. 'Show' picks one
 * kind of entry (wrong, not attempted, guessed) whatever the place.
 */
export function MistakeFilters({
  catalogue,
  filter,
  onChange,
}: {
  catalogue: FilterCatalogue | undefined;
  filter: MistakesFilter;
  onChange: (next: MistakesFilter) => void;
}) {
  const exam = catalogue?.exams.find((e) => e.slug === filter.exam);
  const subject = exam?.subjects.find((s) => s.slug === filter.subject);
  const select = (
    label: string,
    value: string | undefined,
    choices: Array<{ slug: string; name: string }>,
    next: (slug: string | undefined) => MistakesFilter,
    all: string,
  ) => (
    <TextField
      select
      label={label}
      value={value && choices.some((c) => c.slug === value) ? value : ALL}
      onChange={(event) => onChange(next(event.target.value || undefined))}
      disabled={choices.length === 0}
      sx={{ minWidth: 200 }}
      size="small"
    >
      <MenuItem value={ALL}>{all}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.slug} value={choice.slug}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} role="group" aria-label="Filters">
      {select(
        'Exam',
        filter.exam,
        catalogue?.exams ?? [],
        (slug) => ({ exam: slug, kind: filter.kind }),
        'All exams',
      )}
      {select(
        'Subject',
        filter.subject,
        exam?.subjects ?? [],
        (slug) => ({ exam: filter.exam, subject: slug, kind: filter.kind }),
        'All subjects',
      )}
      {select(
        'Topic',
        filter.topic,
        subject?.topics ?? [],
        (slug) => ({ exam: filter.exam, subject: filter.subject, topic: slug, kind: filter.kind }),
        'All topics',
      )}
      <TextField
        select
        label="Show"
        value={MISTAKE_KINDS.find((k) => k === filter.kind) ?? ALL}
        onChange={(event) => onChange({ ...filter, page: undefined, kind: event.target.value || undefined })}
        sx={{ minWidth: 200 }}
        size="small"
      >
        <MenuItem value={ALL}>All kinds</MenuItem>
        {MISTAKE_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {KIND_LABELS[kind]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
