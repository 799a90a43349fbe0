import {
  QUESTION_STATUSES,
  type FieldError,
  type QuestionForEdit,
  type QuestionStatus,
} from '@ai-tutor/contract';
import { Alert, Box, Button, Link, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../lib/base-query';
import { useGetQuestionForEditQuery, useSaveQuestionMutation } from '../api/question-edit';
import { bodyOf, draftOf, type EditDraft } from '../lib/edit-draft';
import { consolePath } from '../sections';
import { FigureUploadField } from './FigureUploadField';
import { QuestionEditFields } from './QuestionEditFields';
import { QuestionHistory } from './QuestionHistory';
import { type LearnerScreens } from './QuestionPreview';
import { LanguagePreviews } from './LanguagePreviews';
import { TranslationsPanel } from './TranslationsPanel';
import { translationDraftsOf, translationsToSave } from '../lib/translation-draft';

const STATUS_WORDS: Record<QuestionStatus, string> = {
  draft: 'Draft',
  review: 'In review',
  approved: 'Approved (drawn into new sessions)',
  retired: 'Retired (drawn no more)',
};

/** The server's field errors of a refused save (its 400 names each field). */
const fieldErrors = (error: unknown): FieldError[] =>
  ((error as { data?: { errors?: FieldError[] } } | undefined)?.data?.errors ?? []).filter(
    (e) => typeof e.path === 'string',
  );

/** The form, once the question is loaded: a fresh copy of it after each save. */
function Editor({ question, Screens }: { question: QuestionForEdit; Screens: LearnerScreens }) {
  const [draft, setDraft] = useState<EditDraft>(() => draftOf(question));
  const [reason, setReason] = useState('');
  const [translations, setTranslations] = useState(() => translationDraftsOf(question));
  const [save, saving] = useSaveQuestionMutation();
  const [saved, setSaved] = useState<{ question: QuestionForEdit; message: string } | null>(null);
  const current = saved?.question ?? question;
  const errors = saving.isError ? fieldErrors(saving.error) : [];
  const body = useMemo(() => bodyOf(draft), [draft]);
  // The preview redraws when typing pauses, not on every key (KaTeX and two screens of it).
  const preview = useDeferredValue(body);
  const previewTranslations = useDeferredValue(translations);
  // An approval or the AI's drafts: the question comes back with them (and, approved, a new version).
  const reloaded = (next: QuestionForEdit, message: string) => {
    setSaved({ question: next, message });
    setDraft((d) => ({ ...d, body: { ...d.body, baseVersion: next.version } }));
    setTranslations(translationDraftsOf(next));
  };

  const submit = async () => {
    const result = await save({
      id: current.id,
      body: {
        ...body,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        translations: translationsToSave(current, translations),
      },
    });
    if ('data' in result && result.data) {
      const next = result.data.question;
      setSaved({
        question: next,
        message: result.data.newVersion
          ? `Saved as version ${next.version}.`
          : 'Saved: nothing learners see changed.',
      });
      setDraft(draftOf(next));
      setTranslations(translationDraftsOf(next));
      setReason('');
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', xl: 'row' }} spacing={2} alignItems="flex-start">
        <Paper
          component="form"
          aria-label="Edit the question"
          sx={{ p: 2, flex: 1, minWidth: 0, width: '100%', maxWidth: { xl: 560 } }}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {current.subject.name} · version {current.version}
            {current.dropped ? ' · dropped by a key correction' : ''}
          </Typography>
          <QuestionEditFields draft={draft} onChange={setDraft} errors={errors} warnings={current.warnings} />
          <FigureUploadField questionId={current.id} draft={draft} onChange={setDraft} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
            <TextField
              select
              label="Topic"
              value={draft.body.topicSlug ?? ''}
              onChange={(e) =>
                setDraft({ ...draft, body: { ...draft.body, topicSlug: e.target.value || null } })
              }
              sx={{ minWidth: 200 }}
              error={errors.some((e) => e.path === 'topicSlug')}
            >
              <MenuItem value="">No topic</MenuItem>
              {current.topics.map((t) => (
                <MenuItem key={t.slug} value={t.slug}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Status"
              value={draft.body.status}
              onChange={(e) =>
                setDraft({ ...draft, body: { ...draft.body, status: e.target.value as QuestionStatus } })
              }
              sx={{ minWidth: 240 }}
            >
              {QUESTION_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {STATUS_WORDS[s]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextField
            label="Why (for the audit log)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            sx={{ mt: 2 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Sessions already given this question keep the version they were given. A changed key scores new
            sessions only: to re-score past ones, correct the key from the reports screen.
          </Typography>
          {saving.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(saving.error)}
            </Alert>
          )}
          {saved && !saving.isError && (
            <Alert severity="success" role="status" sx={{ mt: 2 }}>
              {saved.message}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={saving.isLoading} sx={{ mt: 2 }}>
            Save
          </Button>
        </Paper>
        <Box sx={{ flex: 2, minWidth: 0, width: '100%' }}>
          <LanguagePreviews
            question={preview}
            translations={previewTranslations}
            languages={current.languages}
            Screens={Screens}
          />
        </Box>
      </Stack>
      <TranslationsPanel
        question={current}
        original={body}
        translations={translations}
        onChange={setTranslations}
        errors={errors}
        onReloaded={reloaded}
        saving={saving.isLoading}
        onSave={() => void submit()}
      />
      <QuestionHistory key={current.version} id={current.id} />
    </Stack>
  );
}

/**
 * One question of the bank in the editor (docs/question-bank.md#editing): every field, a preview drawn
 * by the learner's own quiz and result components on a phone and a laptop, and its history.
 */
export function QuestionEditorScreen({ Screens }: { Screens: LearnerScreens }) {
  const { id = '' } = useParams();
  const { data, isError, error } = useGetQuestionForEditQuery(id);
  return (
    <Box>
      <Link component={RouterLink} to={consolePath('questions')}>
        Back to the question bank
      </Link>
      <Typography variant="h5" component="h2" sx={{ my: 2 }}>
        Edit a question
      </Typography>
      {isError && <Alert severity="error">{errorMessage(error, 'The question could not be loaded.')}</Alert>}
      {data && <Editor key={data.id} question={data} Screens={Screens} />}
    </Box>
  );
}
