import { answerText, isAnswered, uiTexts } from '@ai-tutor/contract';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { MathText } from '../../../components/ui/MathText';
import { ViewInSelect } from '../../../components/ui/ViewInSelect';
import { loadLanguageFont } from '../../../lib/languages';
import { mistakeInLanguage } from '../in-language';
import type { MistakeView } from '../types';
import { ReportQuestionButton } from './ReportQuestionDialog';

const WHY: Record<MistakeView['why'], string> = {
  wrong: 'Answered wrong',
  unattempted: 'Left unattempted',
  guess: 'Right, but a guess',
};

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * One question of the notebook: where it is from, the question (passage, maths, figures), the learner's
 * last answer, the key and the explanation; the AI tutor (supplied by the route), "Report a problem" and
 * "I've got this", which takes it off the list. A question of a paper in more than one language opens
 * in the language it was answered in, with 'View in' to read it in another (docs/languages.md).
 */
export function MistakeItem({
  mistake: item,
  askTutor,
  onDismiss,
  dismissing,
}: {
  mistake: MistakeView;
  askTutor?: ((mistake: MistakeView) => ReactNode) | undefined;
  onDismiss: (mistake: MistakeView) => void;
  dismissing: boolean;
}) {
  const headingId = useId();
  const languages = item.languages;
  const [lang, setLang] = useState(languages?.chosen);
  useEffect(() => loadLanguageFont(lang), [lang]);
  const mistake = mistakeInLanguage(item, lang);
  const translated = mistake !== item;
  // What the texts are in: the translation's language, else the question's own.
  const textLang = translated ? lang : languages?.authoritative;
  const explanationLang =
    translated && item.translations?.[lang!]?.explanation ? lang : languages?.authoritative;
  const where = [mistake.exam?.name, mistake.subject?.name, mistake.topic?.name].filter(Boolean).join(' · ');
  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {where || 'Question'}
          </Typography>
          <Chip size="small" variant="outlined" label={WHY[mistake.why]} />
          {languages && lang && (
            <Box sx={{ ml: 'auto' }}>
              <ViewInSelect available={languages.available} lang={lang} onChange={setLang} />
            </Box>
          )}
        </Stack>
        {mistake.passage && (
          <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
            <MathText component="div" text={mistake.passage} lang={textLang} />
          </Box>
        )}
        <MathText component="div" text={mistake.questionText} lang={textLang} sx={{ fontSize: '1.05rem' }} />
        {mistake.options.length > 0 && (
          <Box component="ol" type="A" lang={textLang} sx={{ my: 0, pl: 3 }}>
            {mistake.options.map((option, i) => (
              <li key={`${i}-${option}`}>
                <MathText text={option} />
              </li>
            ))}
          </Box>
        )}
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Labelled label="Your last answer">
            {isAnswered(mistake.yourAnswer) ? (
              <MathText component="div" text={answerText(mistake.yourAnswer) ?? ''} lang={textLang} />
            ) : (
              <Typography color="text.secondary">{uiTexts.notAnswered}</Typography>
            )}
          </Labelled>
          <Labelled label="Correct answer">
            {mistake.correctOptions.length > 1 ? (
              <Box component="ul" lang={textLang} sx={{ my: 0, pl: 3 }}>
                {mistake.correctOptions.map((option) => (
                  <li key={option}>
                    <MathText text={option} />
                  </li>
                ))}
              </Box>
            ) : (
              <MathText component="div" text={mistake.correctOptions[0] ?? mistake.key} lang={textLang} />
            )}
          </Labelled>
        </Box>
        <Labelled label="Explanation">
          {mistake.explanation ? (
            <MathText component="div" text={mistake.explanation} lang={explanationLang} />
          ) : (
            <Typography color="text.secondary">{uiTexts.explanationNotAvailable}</Typography>
          )}
        </Labelled>
        {askTutor?.(item)}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }} useFlexGap>
          <ReportQuestionButton target={{ questionId: mistake.questionId }} />
          <Button variant="outlined" onClick={() => onDismiss(item)} disabled={dismissing}>
            I&apos;ve got this
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
