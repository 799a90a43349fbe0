import type { VersionDiff } from '@ai-tutor/contract';
import { Alert, Box, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetQuestionVersionsQuery, useGetVersionDiffQuery } from '../api/question-edit';

type Content = VersionDiff['from'];
const FIELD_LABELS: Record<string, string> = {
  type: 'Type',
  text: 'Question text',
  passage: 'Passage',
  options: 'Options',
  key: 'Key',
  explanation: 'Explanation',
  hints: 'Hints',
};

/** A translation's texts as one block: its text, options, explanation and hints. */
function translationShown(content: Content, lang: string): string {
  const t = content.translations?.[lang];
  if (!t) return '(none)';
  return [
    t.text,
    ...t.options.map((o, i) => `${i + 1}. ${o}`),
    ...(t.passage ? [`Passage: ${t.passage}`] : []),
    ...(t.explanation ? [`Explanation: ${t.explanation}`] : []),
    ...t.hints.map((h, i) => `Hint ${i + 1}: ${h}`),
  ].join('\n');
}

const label = (field: string) =>
  field.startsWith('translations.') ? `Translation (${field.slice(13)})` : (FIELD_LABELS[field] ?? field);

const shown = (content: Content, field: string): string => {
  if (field.startsWith('translations.')) return translationShown(content, field.slice(13));
  const value = content[field as keyof Content];
  if (Array.isArray(value)) return value.map((v, i) => `${i + 1}. ${v}`).join('\n');
  return value === null || value === undefined ? '(none)' : String(value);
};

/** Two versions' texts of one field, side by side, as written (maths as source). */
function FieldChange({ diff, field }: { diff: VersionDiff; field: string }) {
  return (
    <Box component="section" aria-label={`${label(field)} changed`}>
      <Typography variant="subtitle2">{label(field)}</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
        {(['from', 'to'] as const).map((side) => (
          <Box
            key={side}
            component="pre"
            aria-label={`Version ${diff[side].version}`}
            lang={field.startsWith('translations.') ? field.slice(13) : undefined}
            sx={{
              flex: 1,
              m: 0,
              p: 1,
              whiteSpace: 'pre-wrap',
              fontFamily: 'inherit',
              bgcolor: side === 'from' ? '#fdecea' : '#e8f5e9',
              color: '#1f2937',
              borderRadius: 1,
            }}
          >
            {shown(diff[side], field)}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** The question's versions (who, when) and what changed between two of them. */
export function QuestionHistory({ id }: { id: string }) {
  // Asked again on every mount: the editor mounts a new history after each save, and the list cached
  // from before it (still subscribed as the new one mounts) would not show the version just saved.
  const { data } = useGetQuestionVersionsQuery(id, { refetchOnMountOrArgChange: true });
  const versions = data?.versions ?? [];
  const newest = versions[0]?.version ?? 1;
  const [picked, setPicked] = useState<{ from: number; to: number } | null>(null);
  const from = picked?.from ?? Math.max(1, newest - 1);
  const to = picked?.to ?? newest;
  const diff = useGetVersionDiffQuery({ id, from, to }, { skip: versions.length < 2 });
  const select = (label: string, value: number, pick: (v: number) => void) => (
    <TextField select size="small" label={label} value={value} onChange={(e) => pick(Number(e.target.value))}>
      {versions.map((v) => (
        <MenuItem key={v.version} value={v.version}>
          Version {v.version}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Paper component="section" aria-labelledby="history-heading" sx={{ p: 2 }}>
      <Typography id="history-heading" component="h3" variant="h6" sx={{ mb: 1 }}>
        History
      </Typography>
      <Box component="ol" aria-label="Versions" sx={{ pl: 3, mt: 0 }}>
        {versions.map((v) => (
          <li key={v.version}>
            Version {v.version}
            {v.current ? ' (learners are given this one)' : ''} — {v.editor ?? 'imported'},{' '}
            {new Date(v.createdAt).toLocaleString()}
          </li>
        ))}
      </Box>
      {versions.length >= 2 && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2}>
            {select('Compare', from, (v) => setPicked({ from: v, to }))}
            {select('With', to, (v) => setPicked({ from, to: v }))}
          </Stack>
          {diff.data && diff.data.changed.length === 0 && (
            <Alert severity="info">These versions are the same.</Alert>
          )}
          {diff.data?.changed.map((field) => (
            <FieldChange key={field} diff={diff.data!} field={field} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
