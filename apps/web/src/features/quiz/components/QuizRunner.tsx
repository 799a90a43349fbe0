import { SAVE_GRACE_SECONDS, saveTexts, sectionOf, uiTexts } from '@ai-tutor/contract';
import { Alert, Box, Divider, Grid, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../lib/paths';
import { submitAssessmentApi } from '../api/submit-assessment';
import { useCountdown } from '../hooks/use-countdown';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useMoveGuard } from '../hooks/use-move-guard';
import { useOtherTab } from '../hooks/use-other-tab';
import { usePaperSections } from '../hooks/use-paper-sections';
import { useQuizStore } from '../hooks/use-quiz-store';
import { visuallyHidden } from '../lib/a11y';
import type { LocalQuizState } from '../lib/local-state';
import type { FailureCause } from '../lib/save-queue';
import { quizCounts } from '../lib/question-status';
import { groupBySubject } from '../lib/subjects';
import { retryableSubmit, waitToRetry } from '../lib/submit-retry';
import { BusyOverlay } from './BusyOverlay';
import { CompactTimer } from './CompactTimer';
import { CountdownTimer, TimerAnnouncer } from './CountdownTimer';
import { LeaveTestDialog } from './LeaveTestDialog';
import { PaletteLegend } from './PaletteLegend';
import { PalettePanel } from './PalettePanel';
import { PracticePanel } from './PracticePanel';
import { QuestionPanel } from './QuestionPanel';
import { QuestionPalette } from './QuestionPalette';
import { QuizBreadcrumbs } from './QuizBreadcrumbs';
import { QuizSummary } from './QuizSummary';
import { SaveStatus } from './SaveStatus';
import { SubmitDialog } from './SubmitDialog';
import { QuizTopBar } from './QuizTopBar';

export interface QuizRunnerProps {
  initial: LocalQuizState;
  examId: string;
  now: () => number;
  retryBaseMs?: number;
  /** Beside each question of a live test (QuizScreenProps). */
  liveQuestionAction?: (evaluationId: string) => ReactNode;
}

const TITLES = { timed: 'Quiz', practice: 'Practice', review: 'Review' } as const;
export const TIME_UP_TEXT = 'Time ran out: your test was submitted automatically.';
export const OTHER_TAB_TEXT =
  'This test is also open in another tab. Answers saved in one tab replace the other’s: carry on in one tab only.';

/** The CBT screen of a running session; practice and review add Check, confidence and hints. */
export function QuizRunner({ initial, examId, now, retryBaseMs, liveQuestionAction }: QuizRunnerProps) {
  const { assessment } = initial;
  const navigate = useNavigate();
  const toast = useToast();
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  // Wide screens: the palette beside the question. Smaller ones: a bottom sheet opened from the top bar.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const guard = useMoveGuard();
  const otherTab = useOtherTab(assessment._id);
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
  // Check and hints only without a countdown: a timed review or adaptive session is a test too.
  const feedback = assessment.mode !== 'timed' && !timed;

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  const finish = (auto = false) => {
    store.markCompleted();
    // Said on the way to the result (the toast outlives the screen): the learner did not press Submit.
    if (auto) toast(TIME_UP_TEXT, 'info');
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
    if (flushed === 'ended') return finish(auto);
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
        await waitToRetry(1000);
        flushed = await store.flush();
      }
      if (flushed === 'ended') return finish(auto);
    }

    for (;;) {
      const request = dispatch(
        submitAssessmentApi.endpoints.submitAssessment.initiate({
          slug: assessment.slug,
          visited: store.visitedIds(),
        }),
      );
      const result = await request;
      request.reset();
      if (!('error' in result) || !result.error) return finish(auto);
      // docs/product.md#errors-and-empty-states: a failed submit is only logged.
      console.error('submit failed', result.error);
      const status = (result.error as { status?: unknown }).status;
      if (auto && retryableSubmit(status) && mountedRef.current) {
        setSubmitting({ waiting: true });
        await waitToRetry();
        continue;
      }
      if (auto || status === 409) return finish(auto);
      stopSubmitting();
      return;
    }
  };

  const countdown = useCountdown(deadlineMs, snapshot.offsetMs, now, () => void (timed && submit(true)));
  const current = questions[currentIndex]!;
  const unsaved = questions.flatMap((q, i) => (q.draft !== null ? [i + 1] : []));

  const onSave = guard('save', () => {
    const result = store.saveAndNext();
    if (result === 'none') toast('Choose or type an answer before saving.', 'info');
  });

  const { sections, summary } = usePaperSections(initial, questions, currentIndex, confirmOpen && timed);
  const leave = useLeaveGuard(timed && submitting === null);

  const palette = (
    <>
      <QuestionPalette
        groups={groups}
        questions={questions}
        currentIndex={currentIndex}
        onJump={(index) => {
          store.goTo(index);
          setPaletteOpen(false);
        }}
      />
      <Divider sx={{ my: 2 }} />
      <PaletteLegend />
      <Divider sx={{ my: 2 }} />
      <QuizSummary counts={counts} />
    </>
  );

  return (
    <Box>
      <QuizBreadcrumbs assessment={assessment} examId={examId} />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {TITLES[assessment.mode]}
      </Typography>
      {otherTab && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {OTHER_TAB_TEXT}
        </Alert>
      )}
      <QuizTopBar
        timer={
          timed ? (
            wide ? (
              <CountdownTimer idPrefix="header" seconds={countdown.seconds} />
            ) : (
              <CompactTimer seconds={countdown.seconds} />
            )
          ) : undefined
        }
        saveStatus={wide ? <SaveStatus sync={snapshot.sync} /> : null}
        onOpenPalette={wide ? undefined : () => setPaletteOpen(true)}
        paletteOpen={paletteOpen}
        onSubmit={() => setConfirmOpen(true)}
      />
      {!wide && (
        <Box sx={{ mb: 1.5 }}>
          <SaveStatus sync={snapshot.sync} />
        </Box>
      )}

      {timed && <TimerAnnouncer announcement={countdown.announcement} />}
      <Box aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
        {`Question ${currentIndex + 1} of ${questions.length}`}
      </Box>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <QuestionPanel
            assessment={assessment}
            question={current}
            index={currentIndex}
            total={questions.length}
            section={timed ? sectionOf(sections, currentIndex) : undefined}
            onChange={(value) => store.setDraft(value)}
            onPrev={guard('prev', () => store.prev())}
            onToggleMark={guard('mark', () => store.toggleMark())}
            onClear={guard('clear', () => store.clearResponse())}
            onSave={onSave}
            action={assessment.liveTest ? liveQuestionAction?.(current.evaluation._id) : undefined}
            practice={
              feedback
                ? (lang: string | undefined) => (
                    <PracticePanel
                      question={current}
                      store={store}
                      onEnded={handlers.onEnded}
                      lang={lang}
                      original={assessment.languages?.authoritative}
                    />
                  )
                : undefined
            }
          />
        </Grid>
        {wide && (
          <Grid size={{ md: 4 }}>
            <PalettePanel sheet={false} open onOpen={() => undefined} onClose={() => undefined}>
              {palette}
            </PalettePanel>
          </Grid>
        )}
      </Grid>
      {!wide && (
        <PalettePanel
          sheet
          open={paletteOpen}
          onOpen={() => setPaletteOpen(true)}
          onClose={() => setPaletteOpen(false)}
        >
          {palette}
        </PalettePanel>
      )}

      <SubmitDialog
        open={confirmOpen}
        unsaved={unsaved}
        summary={summary}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => void submit(false)}
      />
      <LeaveTestDialog open={leave.open} onStay={leave.cancel} onLeave={leave.leave} />
      <BusyOverlay
        open={submitting !== null}
        text={uiTexts.evaluating}
        {...(submitting?.waiting ? { detail: 'Waiting for the connection to send your answers…' } : {})}
      />
    </Box>
  );
}
