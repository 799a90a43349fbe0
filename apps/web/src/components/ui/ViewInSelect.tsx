import { Button, Stack } from '@mui/material';
import { useId } from 'react';
import { languageName } from '../../lib/languages';

/**
 * NTA's per-question language switch, 'View in': shows this question in another of the paper's
 * languages. Toggle buttons, each language named in itself, the one shown pressed (said by aria-pressed
 * and by the filled style, not by colour alone). Plain buttons are in every screen's code already; a
 * select or a button group would add 2–10 kB gzip to the quiz and the result for a list of two.
 */
export function ViewInSelect({
  available,
  lang,
  onChange,
}: {
  available: string[];
  lang: string;
  onChange: (lang: string) => void;
}) {
  const labelId = useId();
  return (
    <Stack direction="row" alignItems="center" gap={0.5} role="group" aria-labelledby={labelId}>
      <span id={labelId} style={{ fontSize: '0.875rem', marginRight: 4 }}>
        View in
      </span>
      {available.map((tag) => (
        <Button
          key={tag}
          lang={tag}
          size="small"
          aria-pressed={tag === lang}
          variant={tag === lang ? 'contained' : 'outlined'}
          onClick={() => onChange(tag)}
          sx={{ textTransform: 'none', minWidth: 0 }}
        >
          {languageName(tag)}
        </Button>
      ))}
    </Stack>
  );
}
