import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { languageChoice, languageName, loadLanguageFont, setLanguageChoice } from '../../../lib/languages';

/**
 * The language a paper opens in, picked on its instructions screen as NTA's CBT asks (docs/languages.md):
 * the learner's last choice, else the paper's authoritative language (listed first). Each question can
 * still be switched with 'View in' during the test; answers do not depend on it.
 */
export function DefaultLanguage({ languages }: { languages: string[] }) {
  const labelId = useId();
  const [lang, setLang] = useState(() => {
    const last = languageChoice();
    return last && languages.includes(last) ? last : languages[0]!;
  });
  useEffect(() => {
    for (const tag of languages) loadLanguageFont(tag);
  }, [languages]);
  const choose = (next: string) => {
    setLang(next);
    setLanguageChoice(next);
  };
  return (
    <FormControl sx={{ mt: 1.5 }}>
      <FormLabel id={labelId}>Choose your default language</FormLabel>
      <RadioGroup row aria-labelledby={labelId} value={lang} onChange={(event) => choose(event.target.value)}>
        {languages.map((tag) => (
          <FormControlLabel
            key={tag}
            value={tag}
            control={<Radio />}
            label={<span lang={tag}>{languageName(tag)}</span>}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
