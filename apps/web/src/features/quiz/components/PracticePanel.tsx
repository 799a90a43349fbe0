import { isLockedCheck, type Confidence, type HintData, type HintLevel } from '@ai-tutor/contract';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { useState } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/base-query';
import { useCheckAnswerMutation } from '../api/check-answer';
import { useGetHintMutation } from '../api/get-hint';
import type { LocalQuestion } from '../lib/local-state';
import type { QuizStore } from '../lib/quiz-store';
import { CheckFeedbackPanel } from './CheckFeedbackPanel';
import { ConfidenceChoice } from './ConfidenceChoice';
import { HintLadder } from './HintLadder';

interface PracticePanelProps {
  question: LocalQuestion;
  store: QuizStore;
  /** The session ended while checking (a save answered 409): show its result. */
  onEnded: () => void;
  /** The language the question is shown in, and its own (docs/languages.md); none: one language. */
  lang?: string | undefined;
  original?: string | undefined;
}

/**
 * Practice and review under the answer (decision 0016): how sure the learner is, Check and the hint
 * ladder. A wrong check says 'Not quite — try again' and leaves the answer open, with 'Show solution';
 * a right one, the solution asked for or the last try locks it and shows the key and the explanation.
 * The answer is saved first, so the check reads it, with the time spent on it, from the server.
 */
export function PracticePanel({ question, store, onEnded, lang, original }: PracticePanelProps) {
  const { evaluation } = question;
  const toast = useToast();
  const [confidence, setConfidence] = useState<Record<string, Confidence>>({});
  const [checking, setChecking] = useState(false);
  const [hints, setHints] = useState<Record<string, HintData[]>>({});
  const [hintError, setHintError] = useState<string | null>(null);
  const [check] = useCheckAnswerMutation();
  const [askHint, hint] = useGetHintMutation();
  const chosen = confidence[evaluation._id] ?? evaluation.confidence ?? null;
  const shownHints = hints[evaluation._id] ?? [];

  // How sure one was is optional: said, it tells the review queue a right guess from a known answer.
  const onCheck = async (reveal = false) => {
    if (!store.saveCurrent() && !reveal) {
      toast('Choose or type an answer before checking it.', 'info');
      return;
    }
    setChecking(true);
    try {
      const flushed = await store.flush();
      if (flushed === 'ended') return onEnded();
      if (flushed === 'failed') {
        toast('Your answer could not be sent. Check your connection and try again.', 'warning');
        return;
      }
      const result = await check({
        evaluationId: evaluation._id,
        body: { ...(chosen ? { confidence: chosen } : {}), ...(reveal ? { reveal } : {}) },
      });
      if (result.error) {
        toast(errorMessage(result.error, 'Your answer could not be checked. Please try again.'), 'error');
        return;
      }
      if (isLockedCheck(result.data)) {
        const { evaluation: checked, ...feedback } = result.data;
        store.applyChecked(evaluation._id, { ...checked, feedback });
      } else {
        const { evaluation: tried, triesUsed } = result.data;
        store.applyChecked(evaluation._id, { ...tried, triesUsed, feedback: null });
      }
    } finally {
      setChecking(false);
    }
  };

  const onHint = async (level: HintLevel) => {
    setHintError(null);
    const result = await askHint({ evaluationId: evaluation._id, level });
    if (result.error) {
      setHintError(errorMessage(result.error, 'No hint could be given. Please try again.'));
      return;
    }
    const given = result.data;
    setHints((all) => ({ ...all, [evaluation._id]: [...(all[evaluation._id] ?? []), given] }));
  };

  if (evaluation.locked && evaluation.feedback) {
    return (
      <CheckFeedbackPanel
        feedback={evaluation.feedback}
        confidence={evaluation.confidence ?? null}
        options={evaluation.baseQuestion.options}
        shownOptions={lang ? evaluation.baseQuestion.translations?.[lang]?.options : undefined}
        lang={lang}
        original={original}
      />
    );
  }

  const triesUsed = evaluation.triesUsed ?? 0;
  return (
    <Box sx={{ mt: 2 }}>
      {triesUsed > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} role="status">
          Not quite — try again.
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-end' } }}>
        <ConfidenceChoice
          value={chosen}
          onChange={(value) => {
            setConfidence((all) => ({ ...all, [evaluation._id]: value }));
          }}
          missing={false}
          disabled={checking}
        />
        <Button
          variant="contained"
          color="secondary"
          onClick={() => void onCheck()}
          disabled={checking}
          startIcon={checking ? <CircularProgress size={16} aria-hidden /> : undefined}
        >
          {checking ? 'Checking…' : 'Check'}
        </Button>
        {triesUsed > 0 && (
          <Button variant="outlined" onClick={() => void onCheck(true)} disabled={checking}>
            Show solution
          </Button>
        )}
      </Stack>
      <HintLadder
        key={evaluation._id}
        hints={shownHints}
        earlier={evaluation.hintsGiven ?? 0}
        loading={hint.isLoading}
        error={hintError}
        onNext={(level) => void onHint(level)}
        lang={lang}
        original={original}
      />
    </Box>
  );
}
