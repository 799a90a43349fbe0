import { MenuItem, TextField } from '@mui/material';
import { languageName } from '../../lib/languages';

/** NTA's per-question language switch: shows this question in another of the paper's languages. */
export function ViewInSelect({
  available,
  lang,
  onChange,
}: {
  available: string[];
  lang: string;
  onChange: (lang: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="View in"
      value={lang}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 128 }}
    >
      {available.map((tag) => (
        <MenuItem key={tag} value={tag} lang={tag}>
          {languageName(tag)}
        </MenuItem>
      ))}
    </TextField>
  );
}
