import type { EditLanguages, QuestionEditBody, TranslationEdit } from '@ai-tutor/contract';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { languageName, loadLanguageFont } from '../../../lib/languages';
import { translatedBody } from '../lib/translation-draft';
import { QuestionPreview, type LearnerScreens } from './QuestionPreview';

/**
 * The editor's preview in each language of the question's exam (docs/languages.md#the-console): the
 * learner's own screens given the translation's texts, as a learner who chose that language reads the
 * question, with the key moved to the translated options by place.
 */
export function LanguagePreviews({
  question,
  translations,
  languages,
  Screens,
}: {
  question: QuestionEditBody;
  translations: TranslationEdit[];
  languages: EditLanguages;
  Screens: LearnerScreens;
}) {
  const [lang, setLang] = useState(languages.own);
  const translation = translations.find((t) => t.lang === lang);
  const shown = useMemo(
    () => (translation ? translatedBody(question, translation) : question),
    [question, translation],
  );
  useEffect(() => loadLanguageFont(lang), [lang]);
  const all = [languages.own, ...languages.others];
  return (
    <QuestionPreview
      question={shown}
      Screens={Screens}
      lang={translation ? lang : languages.own}
      toolbar={
        all.length > 1 && (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={lang}
            onChange={(_e, value: string | null) => value && setLang(value)}
            aria-label="Preview in"
            sx={{ mb: 1 }}
          >
            {all.map((l) => (
              <ToggleButton key={l} value={l} lang={l}>
                {languageName(l)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )
      }
    />
  );
}
