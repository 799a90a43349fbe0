import type { Assessment, ResultEvaluation } from '@ai-tutor/contract';
import { Box } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { ViewInSelect } from '../../../components/ui/ViewInSelect';
import { loadLanguageFont, resultInLanguage } from '../../../lib/languages';
import type { QuestionGroup } from '../lib/analysis';
import { ShownLanguage } from '../lib/shown-language';
import { QuestionsOverview, type RowExtra } from './QuestionsOverview';

/**
 * The questions of a paper in more than one language (docs/languages.md): shown in the language the
 * session was taken in, with 'View in' to read them in another. Its own chunk: a result in one
 * language never downloads it.
 */
export default function BilingualQuestions({
  languages,
  evaluations,
  groups,
  rowExtra,
}: {
  languages: NonNullable<Assessment['languages']>;
  evaluations: ResultEvaluation[];
  groups: QuestionGroup[];
  rowExtra?: RowExtra | undefined;
}) {
  const [lang, setLang] = useState(languages.chosen);
  useEffect(() => loadLanguageFont(lang), [lang]);
  const shown = useMemo(() => evaluations.map((e) => resultInLanguage(e, lang)), [evaluations, lang]);
  return (
    <ShownLanguage.Provider value={lang === languages.authoritative ? undefined : lang}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <ViewInSelect available={languages.available} lang={lang} onChange={setLang} />
      </Box>
      <QuestionsOverview evaluations={shown} groups={groups} rowExtra={rowExtra} />
    </ShownLanguage.Provider>
  );
}
