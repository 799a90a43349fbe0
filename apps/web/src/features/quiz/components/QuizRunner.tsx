import { SAVE_GRACE_SECONDS, saveTexts, uiTexts } from '@ai-tutor/contract';
import {
  Box,
  Button,
  Divider,
  Grid,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../lib/paths';
import { submitAssessmentApi } from '../api/submit-assessment';
import { useCountdown } from '../hooks/use-countdown';
import { useQuizStore } from '../hooks/use-quiz-store';
import { visuallyHidden } from '../lib/a11y';
import type { LocalQuizState } from '../lib/local-state';
import type { FailureCause } from '../lib/save-queue';
import { quizCounts } from '../lib/question-status';
import { groupBySubject } from '../lib/subjects';
import { BusyOverlay } from './BusyOverlay';
import { CountdownTimer, TimerAnnouncer } from './CountdownTimer';
import { PaletteLegend } from './PaletteLegend';
import { PracticePanel } from './PracticePanel';
import { QuestionPanel } from './QuestionPanel';
import { QuestionPalette } from './QuestionPalette';
import { QuizBreadcrumbs } from './QuizBreadcrumbs';
import { QuizSummary } from './QuizSummary';
import { SaveStatus } from './SaveStatus';
import { SubmitDialog } from './SubmitDialog';

export interface QuizRunnerProps {
  initial: LocalQuizState;
  examId: string;
  now: () => number;
  retryBaseMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const retryable = (status: unknown) =>
  typeof status !== 'number' || status >= 500 || status === 408 || status === 429;

const TITLES = { timed: 'Quiz', practice: 'Practice', review: 'Review' } as const;

/** The CBT screen of a running session; practice and review add Check, confidence and hints. */
export function QuizRunner({ initial, examId, now, retryBaseMs }: QuizRunnerProps) {
  const { assessment } = initial;
  const navigate = useNavigate();
  const toast = useToast();
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  // One clock only: in the side panel on wide screens, above the question on small ones.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [submitting, setSubmitting] = useState<{ waiting: boolean } | null>(null);
  const submittingRef = useRef(false);
  const mountedRef = useRef(true);

  const handlers = useMemo(
    () => ({
      // 409 on a save: the session is over (time ran out, or submitted elsewhere). Show its result.
      onEnded: () => navigate(paths.result(assessment.slug), { replace: true }),
      onRejected: (message: string | undefined) => toast(message ?? saveTexts.rejected, 'error'),
      // docs/product.md#errors-and-empty-states: a failed save is an error toast; no connection is not the server's failure.
      onFailing: (cause: FailureCause) =>
        cause === 'server'
          ? toast(saveTexts.serverFailed, 'error')
          : toast(saveTexts.connectionLost, 'warning'),
    }),
    [navigate, toast, assessment.slug],
  );
  const storeOptions = useMemo(
    () => ({ now, ...(retryBaseMs !== undefined ? { retryBaseMs } : {}) }),
    [now, retryBaseMs],
  );
  const [store, snapshot] = useQuizStore(initial, storeOptions, handlers);
  const { questions, currentIndex } = snapshot;
  const groups = useMemo(() => groupBySubject(initial.questions.map((q) => q.evaluation)), [initial]);
  const counts = useMemo(() => quizCounts(questions.map((q) => q.evaluation)), [questions]);
  const deadlineMs = Date.parse(assessment.deadline);
  // Practice and review have no clock (their deadline is only the sweep's far limit, docs/product.md#practice-and-review-sessions).
  const timed = assessment.timed;
  const feedback = assessment.mode !== 'timed';

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  const finish = () => {
    store.markCompleted();
    // The learner may have left the screen while the submit was retrying: do not pull them back.
    if (!mountedRef.current) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    navigate(paths.result(assessment.slug), { replace: true });
  };

  const submit = async (auto: boolean) => {
    if (submittingRef.current) return;
    submittingRef.current = true;
    setConfirmOpen(false);
    setSubmitting({ waiting: false });
    const stopSubmitting = () => {
      submittingRef.current = false;
      setSubmitting(null);
    };

    // Never submit over answers still on their way: flush the queue first.
    let flushed = await store.flush();
    if (flushed === 'ended') return finish();
    if (flushed === 'failed') {
      if (!auto) {
        stopSubmitting();
        const { waiting, state } = store.getSnapshot().sync;
        toast(
          state === 'retrying' ? saveTexts.submitServerFailed(waiting) : saveTexts.submitOffline(waiting),
          'warning',
        );
        return;
      }
      // Time is up: the server still takes saves for a short grace period; keep trying until then.
      setSubmitting({ waiting: true });
      const lastChance = deadlineMs - store.getSnapshot().offsetMs + SAVE_GRACE_SECONDS * 1000;
      while (flushed === 'failed' && mountedRef.current && now() < lastChance) {
        await sleep(1000);
        flushed = await store.flush();
      }
      if (flushed === 'ended') return finish();
    }

    for (;;) {
      const request = dispatch(submitAssessmentApi.endpoints.submitAssessment.initiate(assessment.slug));
      const result = await request;
      request.reset();
      if (!('error' in result) || !result.error) return finish();
      // docs/product.md#errors-and-empty-states: a failed submit is only logged.
      console.error('submit failed', result.error);
      const status = (result.error as { status?: unknown }).status;
      if (auto && retryable(status) && mountedRef.current) {
        // The server completes an expired session on its own; we only need to reach it to show the result.
        setSubmitting({ waiting: true });
        await sleep(2000);
        continue;
      }
      if (auto || status === 409) return finish();
      stopSubmitting();
      return;
    }
  };

  const countdown = useCountdown(deadlineMs, snapshot.offsetMs, now, () => void (timed && submit(true)));
  const current = questions[currentIndex]!;
  const unsaved = questions.flatMap((q, i) => (q.draft !== null ? [i + 1] : []));

  const onSave = () => {
    const result = store.saveAndNext();
    if (result === 'none') toast('Choose or type an answer before saving.', 'info');
  };

  return (
    <Box>
      <QuizBreadcrumbs assessment={assessment} examId={examId} />
      <Stack
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        flexWrap="wrap"
        gap={1.5}
        sx={{ mb: 2 }}
      >
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          {TITLES[assessment.mode]}
        </Typography>
        {/* Small screens: the clock stays in sight above the question instead of below it. */}
        {!wide && timed && <CountdownTimer idPrefix="header" seconds={countdown.seconds} />}
        <Stack direction="row" alignItems="center" spacing={2}>
          <SaveStatus sync={snapshot.sync} />
          <Button variant="contained" color="success" onClick={() => setConfirmOpen(true)}>
            Submit
          </Button>
        </Stack>
      </Stack>

      {timed && <TimerAnnouncer announcement={countdown.announcement} />}
      <Box aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
        {`Question ${currentIndex + 1} of ${questions.length}`}
      </Box>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <QuestionPanel
            question={current}
            index={currentIndex}
            total={questions.length}
            onChange={(value) => store.setDraft(value)}
            onPrev={() => store.prev()}
            onToggleMark={() => store.toggleMark()}
            onClear={() => store.clearResponse()}
            onSave={onSave}
            practice={
              feedback ? (
                <PracticePanel question={current} store={store} onEnded={handlers.onEnded} />
              ) : undefined
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper component="aside" aria-label="Question palette" sx={{ p: 2 }}>
            {wide && timed && (
              <>
                <CountdownTimer idPrefix="panel" seconds={countdown.seconds} />
                <Divider sx={{ my: 2 }} />
              </>
            )}
            <QuestionPalette
              groups={groups}
              questions={questions}
              currentIndex={currentIndex}
              onJump={(index) => store.goTo(index)}
            />
            <Divider sx={{ my: 2 }} />
            <PaletteLegend />
            <Divider sx={{ my: 2 }} />
            <QuizSummary counts={counts} />
          </Paper>
        </Grid>
      </Grid>

      <SubmitDialog
        open={confirmOpen}
        unsaved={unsaved}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => void submit(false)}
      />
      <BusyOverlay
        open={submitting !== null}
        text={uiTexts.evaluating}
        {...(submitting?.waiting ? { detail: 'Waiting for the connection to send your answers…' } : {})}
      />
    </Box>
  );
}
