import type { FieldError, QuestionEditBody, QuestionForEdit, TranslationEdit } from '@ai-tutor/contract';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { errorMessage } from '../../../lib/base-query';
import { languageName } from '../../../lib/languages';
import { usePublicConfig } from '../../../lib/public-config';
import { useAuth } from '../../../stores/hooks';
import {
  useApproveTranslationMutation,
  useDraftQuestionTranslationsMutation,
  useRejectTranslationMutation,
} from '../api/translations';
import { translationDraftsOf } from '../lib/translation-draft';
import { ExamTranslateButton } from './ExamTranslateButton';
import { TranslationFields } from './TranslationFields';

interface Props {
  question: QuestionForEdit;
  original: QuestionEditBody;
  translations: TranslationEdit[];
  onChange: (translations: TranslationEdit[]) => void;
  errors: readonly FieldError[];
  /** A fresh copy of the question (after an approval or the AI's drafts): the editor starts over from it. */
  onReloaded: (question: QuestionForEdit, message: string) => void;
  saving: boolean;
  onSave: () => void;
}

/**
 * A question's translations in the editor (docs/languages.md#the-console): each language of its exam
 * beside the original, its status (a draft is shown to nobody), an admin's Approve and Reject, and, with an AI
 * provider, Translate for this question and for its exam. Saved with the question.
 */
export function TranslationsPanel({
  question,
  original,
  translations,
  onChange,
  errors,
  onReloaded,
  saving,
  onSave,
}: Props) {
  const { user } = useAuth();
  const admin = user?.roles.includes('admin') ?? false;
  const aiEnabled = usePublicConfig()?.aiEnabled ?? false;
  const [approve, approving] = useApproveTranslationMutation();
  const [reject, rejecting] = useRejectTranslationMutation();
  const deciding = approving.isLoading || rejecting.isLoading;
  const [draft, drafting] = useDraftQuestionTranslationsMutation();
  const { own, others, exam } = question.languages;
  if (!others.length) return null;
  const opened = translationDraftsOf(question);
  const missing = others.filter((lang) => !question.translations.some((t) => t.lang === lang));

  const onApprove = async (lang: string) => {
    const result = await approve({ id: question.id, lang });
    if ('data' in result && result.data)
      onReloaded(
        result.data.question,
        `The ${languageName(lang)} translation is approved: version ${result.data.question.version}.`,
      );
  };
  const onReject = async (lang: string) => {
    const result = await reject({ id: question.id, lang });
    if ('data' in result && result.data)
      onReloaded(result.data.question, `The ${languageName(lang)} draft is rejected and deleted.`);
  };
  const onTranslate = async () => {
    const result = await draft({ id: question.id });
    if ('data' in result && result.data) {
      const saved = result.data.outcomes.filter((o) => o.saved.length).map((o) => languageName(o.lang));
      const refused = result.data.outcomes.flatMap((o) =>
        o.rejected.map((r) => `${languageName(o.lang)}: ${r.reason}`),
      );
      onReloaded(
        result.data.question,
        [
          saved.length
            ? `Drafted by the AI: ${saved.join(', ')} (a draft until approved).`
            : 'Nothing was drafted.',
          ...refused,
        ].join(' '),
      );
    }
  };

  return (
    <Paper component="section" aria-labelledby="translations-heading" sx={{ p: 2 }}>
      <Typography id="translations-heading" component="h3" variant="h6">
        Translations
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Each language beside the original ({languageName(own)},{' '}
        {own === question.languages.authoritative ? 'authoritative' : 'the questions’ own'}). Options keep the
        original’s order; key, marks and figures are shared. A draft is shown to nobody until an admin
        approves it; a change to an approved translation is a new version.
      </Typography>
      {others.map((lang) => {
        const stored = question.translations.find((t) => t.lang === lang);
        const current = translations.find((t) => t.lang === lang);
        const edited =
          current && JSON.stringify(current) !== JSON.stringify(opened.find((t) => t.lang === lang));
        return (
          <Box key={lang} component="section" aria-labelledby={`translation-${lang}`} sx={{ mb: 3 }}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
              <Typography
                id={`translation-${lang}`}
                component="h4"
                variant="subtitle1"
                sx={{ fontWeight: 700 }}
              >
                <span lang={lang}>{languageName(lang)}</span> ({lang})
              </Typography>
              <Chip
                size="small"
                variant={stored?.status === 'approved' ? 'filled' : 'outlined'}
                label={
                  !stored
                    ? 'None yet'
                    : stored.status === 'approved'
                      ? 'Approved: learners see it'
                      : `Draft (${stored.source === 'ai' ? 'by the AI' : stored.source}): learners do not see it`
                }
              />
              {admin && stored?.status === 'draft' && (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={Boolean(edited) || deciding}
                  onClick={() => void onApprove(lang)}
                >
                  Approve {languageName(lang)}
                </Button>
              )}
              {admin && stored?.status === 'draft' && (
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  disabled={Boolean(edited) || deciding}
                  onClick={() => void onReject(lang)}
                >
                  Reject {languageName(lang)}
                </Button>
              )}
              {admin && stored?.status === 'draft' && edited && (
                <Typography variant="body2" color="text.secondary">
                  Save the changes first, then approve or reject.
                </Typography>
              )}
            </Stack>
            {current && (
              <TranslationFields
                original={original}
                own={own}
                translation={current}
                errors={errors}
                onChange={(next) => onChange(translations.map((t) => (t.lang === lang ? next : t)))}
              />
            )}
          </Box>
        );
      })}
      {approving.isError && <Alert severity="error">{errorMessage(approving.error)}</Alert>}
      {rejecting.isError && <Alert severity="error">{errorMessage(rejecting.error)}</Alert>}
      {drafting.isError && <Alert severity="error">{errorMessage(drafting.error)}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap flexWrap="wrap">
        <Button variant="contained" disabled={saving} onClick={onSave}>
          Save
        </Button>
        {aiEnabled && missing.length > 0 && (
          <Button variant="outlined" disabled={drafting.isLoading} onClick={() => void onTranslate()}>
            {drafting.isLoading
              ? 'Translating…'
              : `Translate with AI (${missing.map(languageName).join(', ')})`}
          </Button>
        )}
        {aiEnabled &&
          exam &&
          others.map((lang) => <ExamTranslateButton key={lang} exam={exam} lang={lang} />)}
      </Stack>
    </Paper>
  );
}
